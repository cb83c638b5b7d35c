import { useFetcher } from "react-router";
import { IntentFields } from "~/components/forms/intent-form";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";

/**
 * The 'Desativar' / 'Ativar' button of a row (a product, a coupon, a neighbourhood): posts
 * `intent`, the id and the opposite state to `action`, and toasts the answer.
 */
export function ActiveToggle({
  action,
  intent,
  id,
  ativo,
  name,
}: {
  action: string;
  intent: string;
  id: string;
  ativo: boolean;
  /** Read after the verb by screen readers: what is switched. */
  name: string;
}) {
  const fetcher = useFetcher();
  useFormResult(fetcher);
  return (
    <fetcher.Form method="post" action={action}>
      <IntentFields intent={intent} recordId={id} />
      <input type="hidden" name="ativo" value={String(!ativo)} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        {ativo ? "Desativar" : "Ativar"}
        <span className="sr-only"> {name}</span>
      </Button>
    </fetcher.Form>
  );
}
