import type * as React from "react";
import { Field, fieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

/** What a bound field takes for its Field: the rest goes to its control. */
interface BoundFieldProps {
  id: string;
  name: string;
  label: React.ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: React.ReactNode;
  className?: string;
}

/** A labelled control bound to its form field: the Field and its control in one. */
export function boundField<P extends object>(Control: React.ComponentType<P>) {
  return function BoundField({
    id,
    name,
    label,
    required,
    error,
    hint,
    className,
    ...control
  }: BoundFieldProps & Omit<P, "id" | "name">) {
    return (
      <Field
        id={id}
        label={label}
        required={required}
        error={error}
        hint={hint}
        className={className}
      >
        <Control {...fieldProps(id, error)} name={name} {...(control as P)} />
      </Field>
    );
  };
}

/** A labelled text input bound to its form field. */
export const TextField = boundField(Input);

/** An e-mail address: the phone's e-mail keyboard, as long as an address may be (RFC 5321). */
function EmailInput(props: Omit<React.ComponentProps<typeof Input>, "type">) {
  return <Input type="email" inputMode="email" maxLength={254} {...props} />;
}

/** A labelled e-mail address bound to its form field. */
export const EmailField = boundField(EmailInput);

/** A labelled text area bound to its form field. */
export const TextAreaField = boundField(Textarea);
