import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * The title block every admin page starts with (one h1 per page), with optional actions, or
 * `back`: the one outlined link to the page this one belongs to.
 */
export function AdminPageHeader({
  title,
  description,
  actions,
  back,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { to: string; label: string };
  className?: string;
}) {
  const shown = back ? (
    <Link to={back.to} className={buttonVariants({ variant: "outline" })}>
      {back.label}
    </Link>
  ) : (
    actions
  );
  return (
    <div className={cn("mb-6 flex flex-wrap items-start justify-between gap-4", className)}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {shown ? <div className="flex flex-wrap items-center gap-2">{shown}</div> : null}
    </div>
  );
}
