import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** A header's square icon link, named by its label (for screen readers and as a tooltip). */
export function HeaderIconLink({
  to,
  label,
  className,
  children,
}: {
  to: string;
  label: string;
  /** The icon's colour. */
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100",
        className,
      )}
      aria-label={label}
      title={label}
    >
      {children}
    </Link>
  );
}
