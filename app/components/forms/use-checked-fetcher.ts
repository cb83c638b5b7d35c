// A fetcher form checked twice: in the browser with the action's zod schema on submit, and
// by the action. Its errors are the action's, overlaid with the browser's last check.
// useCheckedForm is the same for a page form (the page's action data).
import { useCallback, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useFormResult } from "~/components/forms/use-form-result";
import type { FormResult } from "~/lib/form-result";
import { checkOnSubmit, type FieldErrors } from "~/lib/forms";

export function useCheckedFetcher(
  options: {
    /** After a success, with the form (must be stable: a useCallback). */
    onSuccess?: (form: HTMLFormElement | null) => void;
    /** Empty the form after a success, to enter the next one. */
    resetOnSuccess?: boolean;
  } = {},
) {
  const { onSuccess, resetOnSuccess = false } = options;
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const succeeded = useCallback(() => {
    if (resetOnSuccess) formRef.current?.reset();
    onSuccess?.(formRef.current);
  }, [onSuccess, resetOnSuccess]);
  const { errors: serverErrors } = useFormResult(fetcher, { onSuccess: succeeded });
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  /**
   * The props of the <fetcher.Form>: posted, checked on submit with the action's schema (or
   * by the given handler, which sets the client errors itself) instead of by the browser.
   */
  const formProps = (check: z.ZodType | ((event: React.FormEvent<HTMLFormElement>) => void)) => ({
    ref: formRef,
    method: "post" as const,
    noValidate: true,
    onSubmit:
      typeof check === "function"
        ? check
        : (event: React.FormEvent<HTMLFormElement>) =>
            setClientErrors(checkOnSubmit(check, event) ?? {}),
  });
  return {
    fetcher,
    formRef,
    formProps,
    errors,
    serverErrors,
    clientErrors,
    setClientErrors,
    pending: fetcher.state !== "idle",
  };
}

/**
 * The form of a dialog: a checked fetcher that closes the dialog on success, its errors
 * cleared when the dialog opens again.
 */
export function useDialogForm(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const onSuccess = useCallback(() => setOpen(false), []);
  const form = useCheckedFetcher({ onSuccess });
  const { setClientErrors } = form;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setClientErrors({});
  };
  return { open, onOpenChange, ...form };
}

/**
 * A page form checked twice, like useCheckedFetcher, whose result is the page's action data:
 * the browser's last check wins over the action's errors until the next submit.
 */
export function useCheckedForm(result: FormResult | null | undefined, schema: z.ZodType) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const { errors: serverErrors } = useFormResult(result, { form: formRef });
  const errors: FieldErrors = clientErrors ?? serverErrors;
  const formProps = {
    ref: formRef,
    method: "post" as const,
    noValidate: true,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) =>
      setClientErrors(checkOnSubmit(schema, event)),
  };
  return { errors, formProps };
}
