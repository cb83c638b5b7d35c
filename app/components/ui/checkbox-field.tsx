import type * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/lib/utils";

/**
 * A checkbox with its label around it (the whole line is the touch target) and an optional
 * hint read by screen readers with it. The name defaults to the id.
 */
export function CheckboxField({
  id,
  label,
  hint,
  className,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "id"> & {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <Checkbox
          id={id}
          name={props.name ?? id}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...props}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
