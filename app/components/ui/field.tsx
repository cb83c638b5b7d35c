import * as React from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/** What a control inside <Field> takes from it: written once, on the Field. */
interface FieldControl {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The box Input, Select and Textarea share: border, padding, text, focus ring, disabled and invalid. */
export const CONTROL_BOX =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-600";

const FieldContext = React.createContext<FieldControl | null>(null);

/**
 * The props of the control inside a <Field> (Input, Select and Textarea read them): its id
 * and name, the invalid state, and both the hint and the error in aria-describedby. Props
 * given on the control win, and its own aria-describedby is added to the Field's.
 */
export function useFieldControl<P extends { "aria-describedby"?: string }>(props: P) {
  const field = React.useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field["aria-describedby"], props["aria-describedby"]]
    .flatMap((ids) => ids?.split(" ") ?? [])
    .filter((id, i, all) => id && all.indexOf(id) === i)
    .join(" ");
  return { ...field, ...props, "aria-describedby": describedBy || undefined };
}

/**
 * Label, control, hint and error message, wired: the control inside gets its id, name,
 * aria-invalid and aria-describedby (hint and error) from here.
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </Label>
      <FieldContext.Provider
        value={{
          id,
          name: id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby":
            [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") ||
            undefined,
        }}
      >
        {children}
      </FieldContext.Provider>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700" role="alert">
      {error}
    </p>
  );
}

/** Props for a control outside a <Field> (a Field gives its control these by itself). */
export function fieldProps(id: string, error?: string | null) {
  return {
    id,
    name: id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

/**
 * The controls of a form whose ids are `${prefix}-${name}`: `id` of a name, the props of a
 * TextField (`field`), those of a control outside a TextField (`props`) and the id and name
 * of a checkbox (`checkbox`).
 */
export function formControls(prefix: string, errors: Readonly<Record<string, string>>) {
  const id = (name: string) => `${prefix}-${name}`;
  return {
    id,
    field: (name: string) => ({ id: id(name), name, error: errors[name] }),
    props: (name: string) => ({ ...fieldProps(id(name), errors[name]), name }),
    checkbox: (name: string) => ({ id: id(name), name }),
  };
}

/**
 * The props of the controls of a form shown again after a refused post: each control's id
 * (`idOf` its name), name, error state and the value that was sent.
 */
export function resentFieldProps(
  errors: Readonly<Record<string, string>>,
  values: Readonly<Record<string, string>>,
  idOf: (name: string) => string = (name) => name,
) {
  return (name: string) => ({
    ...fieldProps(idOf(name), errors[name]),
    name,
    defaultValue: values[name],
  });
}
