import type * as React from "react";
import { cn } from "~/lib/utils";

/** A titled group of a form's fields, two columns from the small screens up. */
export function FormSection({
  legend,
  className,
  children,
}: {
  legend: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className={cn("grid gap-3 sm:grid-cols-2", className)}>
      <legend className="mb-2 font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
