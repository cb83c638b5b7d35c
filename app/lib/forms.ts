import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message of each field of a failed zod parse: what forms show under fields. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The browser-side check of a form on submit, with the same zod schema as its action:
 * stops the submit and returns the field errors when invalid, null when the form may go.
 */
export function checkOnSubmit(
  schema: z.ZodType,
  event: { currentTarget: HTMLFormElement; preventDefault(): void },
): FieldErrors | null {
  const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
  if (parsed.success) return null;
  event.preventDefault();
  return fieldErrors(parsed.error);
}

/** The text fields of a form as an object (files left out), for a zod schema. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}
