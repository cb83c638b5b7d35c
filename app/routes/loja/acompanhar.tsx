// "Acompanhar pedido": the order number and the phone used on it open the order page
// (the orders module checks, counts and answers: submitFindOrder).
import { SearchIcon } from "lucide-react";
import { useActionData } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { FormAlert } from "~/components/loja/form-alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { shop } from "~/content/shop";
import type { HydrationHandle } from "~/lib/hydration";
import { submitFindOrder } from "~/modules/orders/index.server";
import type { Route } from "./+types/acompanhar";

/** A plain form (a document POST): served without React like the store's other pages. */
export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: `Acompanhar pedido | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  return submitFindOrder(request);
}

export default function FindOrder() {
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <BackToStore />
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900">Acompanhar pedido</h1>
      <p className="mt-2 text-sm text-slate-600">
        Informe o número do pedido (começa com PED) e o telefone usado no pedido.
      </p>
      <form method="post" className="mt-5 grid gap-4" data-testid="acompanhar-form">
        <div className="grid gap-1.5">
          <Label htmlFor="numero">Número do pedido</Label>
          <Input
            id="numero"
            name="numero"
            required
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="PED…"
            defaultValue={result?.values.numero}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="telefone">Telefone do pedido</Label>
          <Input
            id="telefone"
            name="telefone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
            placeholder="(47) 99999-0000"
            defaultValue={result?.values.telefone}
          />
        </div>
        <FormAlert message={result?.message} />
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Ver pedido
        </Button>
      </form>
    </main>
  );
}
