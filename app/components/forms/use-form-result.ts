// The page side of the form contract: acts once on each new action result (a fetcher's
// answer, or the page's action data) — the toast, then on success the caller's follow-up
// (and the form emptied when asked), on a refusal the focus on the first invalid field.
import { type RefObject, useEffect, useRef } from "react";
import { toast } from "sonner";
import { type FormResult, resultErrors } from "~/lib/form-result";

type ResultSource = { state: string; data?: unknown } | FormResult | null | undefined;

function current<R extends FormResult>(source: ResultSource): R | undefined {
  if (!source) return undefined;
  if ("ok" in source) return source as R;
  return source.state === "idle" ? (source.data as R | undefined) : undefined;
}

export function useFormResult<R extends FormResult = FormResult>(
  source: ResultSource,
  options: {
    /** Every new result, before the toast (a screen that keeps a history of results). */
    onResult?: (result: R) => void;
    onSuccess?: (result: R & { ok: true }) => void;
    /** The toast title of a refusal that carries no message. */
    errorTitle?: string;
    /** The form: its first invalid field gets the focus after a refusal. */
    form?: RefObject<HTMLFormElement | null>;
    /** Empty the form after a success (a password change), rather than keep what was saved. */
    reset?: boolean;
    /** Show toasts (default); off where the page shows the message itself. */
    toasts?: boolean;
  } = {},
) {
  const handled = useRef<unknown>(null);
  // The toast of the last refusal: a success of the same form takes it away (a wrong pick-up
  // code's "não confere" stayed on screen after the right code went through).
  const refusal = useRef<string | number | null>(null);
  const result = current<R>(source);
  const { onResult, onSuccess, errorTitle, form, reset = false, toasts = true } = options;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    onResult?.(result);
    if (result.ok) {
      if (refusal.current !== null) toast.dismiss(refusal.current);
      refusal.current = null;
      if (toasts && result.message) {
        toast.success(result.message, { description: result.description });
      }
      onSuccess?.(result as R & { ok: true });
      if (reset) form?.current?.reset();
      return;
    }
    if (toasts && (result.message || errorTitle)) {
      if (refusal.current !== null) toast.dismiss(refusal.current);
      refusal.current = toast.error(result.message ?? errorTitle ?? "Erro", {
        description: result.description,
      });
    }
    form?.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result, onResult, onSuccess, errorTitle, form, reset, toasts]);
  return { result, errors: resultErrors(result) };
}
