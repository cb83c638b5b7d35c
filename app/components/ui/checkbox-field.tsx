import type * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/lib/utils";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type" | "id"> & {
  id: string;
  label: React.ReactNode;
};

/** A checkbox inside its label: the whole line is the touch target. */
export function CheckboxLabel({ id, label, className, ...props }: CheckboxProps) {
  return (
    <label
      htmlFor={id}
      className={cn("flex min-h-11 items-center gap-2 text-sm font-medium", className)}
    >
      <Checkbox id={id} {...props} />
      {label}
    </label>
  );
}

/**
 * A checkbox with its label around it and an optional hint read by screen readers with it.
 * The name defaults to the id.
 */
export function CheckboxField({
  id,
  label,
  hint,
  className,
  ...props
}: CheckboxProps & { hint?: React.ReactNode }) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <CheckboxLabel
        id={id}
        label={label}
        name={props.name ?? id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
