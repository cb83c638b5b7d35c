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
