// "Avise-me quando chegar" (issue 42 point 5, decision 0074): a sold-out pack's page and
// listing card link here. A plain form: the e-mail (the signed-in customer's, filled in; this
// page is never shared by the page cache) and the consent, posted here. The answer is the
// same whether or not that e-mail already asked; asks are counted per IP.
import { BellRingIcon } from "lucide-react";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { FormAlert } from "~/components/loja/form-alert";
import { ConsentNote } from "~/components/site/consent-note";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { shop } from "~/content/shop";
import { formatBRL } from "~/domain/money";
import type { HydrationHandle } from "~/lib/hydration";
import {
  backInStockVariant,
  getCustomer,
  requestBackInStock,
} from "~/modules/customers/index.server";
import { readForm, requestInfo } from "~/platform/request-info.server";
import type { Route } from "./+types/avise-me";

export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [
    { title: `Avise-me quando chegar | ${shop.name}` },
    { name: "robots", content: "noindex" },
  ];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const varianteId = url.searchParams.get("variante") ?? "";
  const variante = /^[0-9a-f-]{36}$/i.test(varianteId)
    ? await backInStockVariant(varianteId)
    : null;
  if (!variante) throw data("Produto não encontrado", { status: 404 });
  const cliente = await getCustomer(request);
  return data(
    {
      variante,
      email: cliente?.cliente.email ?? "",
      pronto: url.searchParams.get("pronto") === "1",
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const cliente = await getCustomer(request);
  const result = await requestBackInStock(
    fields,
    requestInfo(request).ip,
    cliente?.cliente.id ?? null,
  );
  if (result.ok) {
    return redirect(
      `/loja/avise-me?variante=${encodeURIComponent(fields.varianteId ?? "")}&pronto=1`,
      { status: 303, headers: NO_STORE },
    );
  }
  if (result.status === 404) throw data("Produto não encontrado", { status: 404 });
  return data(
    {
      message: result.message,
      errors: result.errors ?? {},
      email: (fields.email ?? "").slice(0, 254),
    },
    { status: result.status, headers: NO_STORE },
  );
}

export default function BackInStockPage() {
  const { variante, email, pronto } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  const produto = `/loja/produto/${variante.produtoId}?v=${encodeURIComponent(variante.sku)}`;
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <BackToStore />
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900">Avise-me quando chegar</h1>
      <p className="mt-2 text-slate-800">
        <a href={produto} className="font-semibold underline">
          {variante.nome}
        </a>{" "}
        · {formatBRL(variante.preco)}
      </p>
      {pronto ? (
        <div
          role="status"
          className="mt-5 grid gap-2 rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
          data-testid="avise-me-pronto"
        >
          <p className="font-semibold">Pronto! Vamos te avisar por e-mail quando chegar.</p>
          <p>
            Enviamos um e-mail só, assim que o produto voltar ao estoque. Depois disso o aviso
            termina.
          </p>
          <a href={produto} className="font-semibold underline">
            Voltar ao produto
          </a>
        </div>
      ) : (
        <form method="post" noValidate className="mt-5 grid gap-4" data-testid="avise-me-form">
          <p className="text-sm text-slate-600">
            {variante.disponivel
              ? "Este produto acabou de voltar ao estoque. Se pedir o aviso, o e-mail sai em instantes."
              : "Este produto está esgotado. Deixe seu e-mail e avisamos uma vez quando chegar."}
          </p>
          <input type="hidden" name="varianteId" value={variante.id} />
          <Field id="email" label="Seu e-mail" required error={errors.email}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={result?.email ?? email}
            />
          </Field>
          <div className="grid gap-1">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="consentimento"
                value="1"
                required
                aria-invalid={errors.consentimento ? true : undefined}
                aria-describedby={errors.consentimento ? "consentimento-error" : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
              />
              <span>Autorizo o envio de um e-mail avisando quando este produto chegar.</span>
            </label>
            {errors.consentimento ? (
              <p id="consentimento-error" className="text-sm font-medium text-red-700">
                {errors.consentimento}
              </p>
            ) : null}
          </div>
          <FormAlert message={result?.message} />
          <Button type="submit">
            <BellRingIcon aria-hidden="true" />
            Avise-me quando chegar
          </Button>
          <ConsentNote action="Ao pedir o aviso" />
        </form>
      )}
    </main>
  );
}
