// The order page's card block (decision 0080): the state read from Mercado Pago, never
// from the address the customer came back with. Approved, in analysis, refused (try again
// with a new checkout, or switch to Pix), waiting for the customer to pay, expired.
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  ClockIcon,
  CreditCardIcon,
  type LucideIcon,
} from "lucide-react";
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

/** The heading's and the text's colour of a state (the waiting ones keep the page's ink). */
const INK = {
  green: { h2: "text-green-900", p: "text-green-900" },
  amber: { h2: "text-amber-900", p: "text-amber-900" },
  red: { h2: "text-red-900", p: "text-red-900" },
  plain: { h2: "", p: "text-slate-700" },
} as const;

/** One state of the card payment: its box, heading (with an icon), what it means, what to do. */
function State({
  tone,
  ink,
  icon: Icon,
  title,
  text,
  children,
}: {
  tone: "ok" | "wait" | "bad";
  ink: keyof typeof INK;
  icon?: LucideIcon;
  title: string;
  text: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Box tone={tone} label="Pagamento com cartão">
      <h2 className={`${Icon ? "flex items-center gap-2 " : ""}text-lg font-bold ${INK[ink].h2}`}>
        {Icon ? <Icon className="size-5" aria-hidden="true" /> : null}
        {Icon ? " " : null}
        {title}
      </h2>
      <p className={`text-sm ${INK[ink].p}`}>{text}</p>
      {children}
    </Box>
  );
}

export function CardOnlinePanel({ view, action }: { view: CardOnlineView; action: string }) {
  switch (view.estado) {
    case "aprovado":
      return (
        <State
          tone="ok"
          ink="green"
          icon={CheckCircle2Icon}
          title="Pagamento aprovado"
          text={`Pagamento no cartão confirmado pelo Mercado Pago${view.parcelas && view.parcelas > 1 ? ` em ${view.parcelas}x` : ""}. Já estamos cuidando do seu pedido.`}
        />
      );
    case "analise":
      return (
        <State
          tone="wait"
          ink="amber"
          icon={ClockIcon}
          title="Pagamento em análise"
          text="O Mercado Pago está analisando o pagamento. Isso costuma levar poucos minutos; você recebe um e-mail quando for aprovado. Atualize esta página para ver a situação."
        />
      );
    case "recusado":
      return (
        <State
          tone="bad"
          ink="red"
          icon={AlertTriangleIcon}
          title="Pagamento recusado"
          text={`${view.motivo ?? "O cartão não foi aprovado. Nada foi cobrado. Tente de novo com outro cartão ou pague com Pix."} Seus produtos ficam reservados até ${view.prazo}.`}
        >
          <Pay action={action} view={view} />
        </State>
      );
    case "aguardando":
      return (
        <State
          tone="wait"
          ink="plain"
          title="Aguardando pagamento com cartão"
          text={`Pague na página segura do Mercado Pago até ${view.prazo}; depois disso o pedido é cancelado e os produtos voltam ao estoque.`}
        >
          <Pay action={action} view={view} />
        </State>
      );
    case "expirado":
      return (
        <State
          tone="bad"
          ink="red"
          title="Prazo para pagar encerrado"
          text="O pagamento não foi concluído a tempo e o pedido foi cancelado. Se você pagou, fale conosco: o valor é devolvido ou o pedido é reaberto."
        />
      );
    case "reembolsado":
      return (
        <State
          tone="wait"
          ink="plain"
          title="Pagamento devolvido"
          text="O valor foi estornado no seu cartão pelo Mercado Pago."
        />
      );
  }
}
