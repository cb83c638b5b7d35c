import type * as React from "react";
import { Field, fieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** A labelled text input bound to its form field: the Field and its Input in one. */
export function TextField({
  id,
  name,
  label,
  required,
  error,
  hint,
  className,
  ...input
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: React.ReactNode;
  className?: string;
} & Omit<React.ComponentProps<typeof Input>, "id" | "name">) {
  return (
    <Field
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <Input {...fieldProps(id, error)} name={name} {...input} />
    </Field>
  );
}
