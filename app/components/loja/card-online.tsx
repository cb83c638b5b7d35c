// The order page's card block (decision 0080): the state read from Mercado Pago, never
// from the address the customer came back with. Approved, in analysis, refused (try again
// with a new checkout, or switch to Pix), waiting for the customer to pay, expired.
import { AlertTriangleIcon, CheckCircle2Icon, ClockIcon, CreditCardIcon } from "lucide-react";
import type { CardOnlineView } from "~/modules/orders";

function Box({
  tone,
  children,
  label,
}: {
  tone: "ok" | "wait" | "bad";
  children: React.ReactNode;
  label: string;
}) {
  const colours = {
    ok: "border-green-300 bg-green-50",
    wait: "border-amber-300 bg-amber-50",
    bad: "border-red-300 bg-red-50",
  }[tone];
  return (
    <section className={`grid gap-3 rounded-2xl border p-4 ${colours}`} aria-label={label}>
      {children}
    </section>
  );
}

function Pay({
  action,
  view,
}: {
  action: string;
  view: Extract<CardOnlineView, { prazo: string }>;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <form method="post" action={action}>
        <button
          type="submit"
          name="intent"
          value={view.estado === "recusado" ? "cartao-de-novo" : "pagar-cartao"}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white"
        >
          <CreditCardIcon className="size-4" aria-hidden="true" />
          {view.estado === "recusado" ? "Tentar de novo" : "Pagar com cartão"}
        </button>
      </form>
      {view.pix ? (
        <form method="post" action={action}>
          <button
            type="submit"
            name="intent"
            value="cartao-para-pix"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold"
          >
            Pagar com Pix
          </button>
        </form>
      ) : null}
    </div>
  );
}

export function CardOnlinePanel({ view, action }: { view: CardOnlineView; action: string }) {
  switch (view.estado) {
    case "aprovado":
      return (
        <Box tone="ok" label="Pagamento com cartão">
          <h2 className="flex items-center gap-2 text-lg font-bold text-green-900">
            <CheckCircle2Icon className="size-5" aria-hidden="true" /> Pagamento aprovado
          </h2>
          <p className="text-sm text-green-900">
            Pagamento no cartão confirmado pelo Mercado Pago
            {view.parcelas && view.parcelas > 1 ? ` em ${view.parcelas}x` : ""}. Já estamos cuidando
            do seu pedido.
          </p>
        </Box>
      );
    case "analise":
      return (
        <Box tone="wait" label="Pagamento com cartão">
          <h2 className="flex items-center gap-2 text-lg font-bold text-amber-900">
            <ClockIcon className="size-5" aria-hidden="true" /> Pagamento em análise
          </h2>
          <p className="text-sm text-amber-900">
            O Mercado Pago está analisando o pagamento. Isso costuma levar poucos minutos; você
            recebe um e-mail quando for aprovado. Atualize esta página para ver a situação.
          </p>
        </Box>
      );
    case "recusado":
      return (
        <Box tone="bad" label="Pagamento com cartão">
          <h2 className="flex items-center gap-2 text-lg font-bold text-red-900">
            <AlertTriangleIcon className="size-5" aria-hidden="true" /> Pagamento recusado
          </h2>
          <p className="text-sm text-red-900">
            {view.motivo ??
              "O cartão não foi aprovado. Nada foi cobrado. Tente de novo com outro cartão ou pague com Pix."}{" "}
            Seus produtos ficam reservados até {view.prazo}.
          </p>
          <Pay action={action} view={view} />
        </Box>
      );
    case "aguardando":
      return (
        <Box tone="wait" label="Pagamento com cartão">
          <h2 className="text-lg font-bold">Aguardando pagamento com cartão</h2>
          <p className="text-sm text-slate-700">
            Pague na página segura do Mercado Pago até {view.prazo}; depois disso o pedido é
            cancelado e os produtos voltam ao estoque.
          </p>
          <Pay action={action} view={view} />
        </Box>
      );
    case "expirado":
      return (
        <Box tone="bad" label="Pagamento com cartão">
          <h2 className="text-lg font-bold text-red-900">Prazo para pagar encerrado</h2>
          <p className="text-sm text-red-900">
            O pagamento não foi concluído a tempo e o pedido foi cancelado. Se você pagou, fale
            conosco: o valor é devolvido ou o pedido é reaberto.
          </p>
        </Box>
      );
    case "reembolsado":
      return (
        <Box tone="wait" label="Pagamento com cartão">
          <h2 className="text-lg font-bold">Pagamento devolvido</h2>
          <p className="text-sm text-slate-700">
            O valor foi estornado no seu cartão pelo Mercado Pago.
          </p>
        </Box>
      );
  }
}
