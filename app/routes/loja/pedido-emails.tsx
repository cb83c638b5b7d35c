// "Parar de receber" from an order e-mail: the link (signed for the order) opens this page,
// whose button stops the order's status e-mails; a mail client's one-click unsubscribe
// (List-Unsubscribe-Post) posts to the same address. A GET changes nothing: link scanners
// open every link of a message.
import { data, Form, useLoaderData } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import { stopOrderStatusEmails } from "~/modules/orders/index.server";
import type { Route } from "./+types/pedido-emails";

const NOT_FOUND = "Link inválido";

export async function loader({ request, params }: Route.LoaderArgs) {
  const assinatura = new URL(request.url).searchParams.get("assinatura");
  const found = await stopOrderStatusEmails(params.numero, assinatura, false);
  if (!found) throw data(NOT_FOUND, { status: 404 });
  return data(
    { ...found, parado: false },
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const assinatura = new URL(request.url).searchParams.get("assinatura");
  const found = await stopOrderStatusEmails(params.numero, assinatura, true);
  if (!found) throw data(NOT_FOUND, { status: 404 });
  return { ...found, parado: true };
}

export function meta() {
  return [
    { title: `E-mails do pedido | ${shop.name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function OrderEmails({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const state = actionData ?? loaded;
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <BackToStore />
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h1 className="text-xl font-extrabold wrap-anywhere sm:text-2xl">
          E-mails do pedido {state.numero}
        </h1>
        {state.ativo ? (
          <Form method="post" className="mt-3 grid gap-3">
            <p>
              Você recebe um e-mail quando o pedido muda (pago, saiu para entrega, pronto para
              retirada, entregue, cancelado). Quer parar de receber?
            </p>
            <Button
              type="submit"
              className="h-auto max-w-full justify-self-start whitespace-normal"
            >
              Parar de receber e-mails deste pedido
            </Button>
          </Form>
        ) : (
          <p className="mt-3" role="status">
            {state.parado
              ? "Pronto: você não vai mais receber e-mails sobre o andamento deste pedido."
              : "Você já não recebe e-mails sobre o andamento deste pedido."}
          </p>
        )}
      </section>
    </main>
  );
}
