// The one result every form action answers with (admin screens, store, checkout), read by
// the page through useFormResult. Pure: shared by the server and the browser.
import type { FieldErrors } from "~/lib/forms";

export type FormResult =
  | { ok: true; intent?: string; message?: string; description?: string }
  | {
      ok: false;
      intent?: string;
      /** What the toast or the message above the form says. */
      message?: string;
      description?: string;
      /** The message of each invalid field, by field name. */
      errors?: FieldErrors;
    };

/** The field errors of a result (none for a success or no result). */
export function resultErrors(result: FormResult | null | undefined): FieldErrors {
  return result && !result.ok ? (result.errors ?? {}) : {};
}
