// The page's own action answer (a plain <Form> posting to its route) through the form
// contract: the toast and the focus of useFormResult, and the answer for the page to show.
import { useActionData } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import type { FormResult } from "~/lib/form-result";

export function useActionResult<Action>(options?: Parameters<typeof useFormResult>[1]) {
  const result = useActionData<Action>();
  const { errors } = useFormResult(result as FormResult | undefined, options);
  return { result, errors };
}
