// A grooming booking's money on its card (issue 43 point 3, decision 0078): "Pago" with how
// and how much, or "A receber" with the price; "Entregue" of a booking not yet paid asks how
// the tutor paid first, and "Só registrar o pagamento" takes it before the hand-over. Plain
// forms (they work without JavaScript); the server checks everything again against the
// booking's own price.
import { useState } from "react";
import { Form } from "react-router";
import {
  type HandOverPayment,
  HandOverPaymentFields,
  handOverPaymentStart,
} from "~/components/admin/counter-payment-fields";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { METODO_RECEBIMENTO_LABEL, type MetodoRecebimento } from "~/domain/counter-payment";
import { formatDateTime } from "~/domain/dates";
import { formatBRL, formatBRLNumber, parseBRL } from "~/domain/money";
import { type AgendaBooking, dueAfterPackages, PAYABLE } from "~/modules/grooming";

/** A refused payment of this booking: the server's words and what was typed. */
export interface BookingPaymentRefusal {
  intent: string;
  message: string;
  errors?: Record<string, string>;
  pagamentoForm: {
    pagamentoMetodo: string;
    pagamentoValor: string;
    pagamentoRecebido: string;
    pagamentoMotivo: string;
    precoFinal: string;
  };
}

/** Whether the booking's money counts (cancelled and no-shows never happened). */
const counts = (b: AgendaBooking) => b.status !== "cancelado" && b.status !== "nao_compareceu";

/** "Pago" or "A receber" on the card. */
export function BookingPaymentBadge({ booking }: { booking: AgendaBooking }) {
  const p = booking.pagamento;
  if (p) {
    return (
      <p className="text-sm" data-testid="pagamento">
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">
          Pago
        </span>{" "}
        {formatBRL(p.valor)} · {METODO_RECEBIMENTO_LABEL[p.metodo]} ·{" "}
        {formatDateTime(p.recebidoEm).slice(11)}
      </p>
    );
  }
  if (!counts(booking)) return null;
  if (coveredByPackages(booking)) {
    return (
      <p className="text-sm" data-testid="pagamento">
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">
          Pacote
        </span>{" "}
        uma sessão do pacote na entrega
      </p>
    );
  }
  const coveredNames = coveredPetNames(booking);
  return (
    <p className="text-sm" data-testid="pagamento">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
        A receber
      </span>{" "}
      {formatBRL(dueOf(booking))}
      {booking.precoFinal === null ? " (estimado)" : ""}
      {coveredNames.length > 0 ? ` · pacote paga ${coveredNames.join(", ")}` : ""}
    </p>
  );
}

/** The pets whose package pays their bath (decision 0091). */
const coveredPetNames = (b: AgendaBooking) =>
  b.pets.filter((p) => p.pacote?.cobre).map((p) => p.nome);

/** Whether the card asks for the payment (with "Entregue" when it is the next step). */
export const asksPayment = (b: AgendaBooking) =>
  !b.pagamento && PAYABLE.includes(b.status) && !coveredByPackages(b);

/** The price less the pets a package pays for (decision 0091): what "Entregue" receives. */
const dueOf = (b: AgendaBooking) =>
  dueAfterPackages(
    b.precoFinal ?? b.precoEstimado,
    b.pets.map((p) => ({ preco: p.preco, coberto: Boolean(p.pacote?.cobre) })),
  );

/** Every pet's bath is paid by its package (decision 0087): "Entregue" asks no payment. */
const coveredByPackages = (b: AgendaBooking) =>
  b.pets.length > 0 && b.pets.every((p) => p.pacote?.cobre);

const METODOS = new Set<string>(Object.keys(METODO_RECEBIMENTO_LABEL));

function startFrom(total: number, refused: BookingPaymentRefusal | null): HandOverPayment {
  if (!refused) return handOverPaymentStart(total);
  const f = refused.pagamentoForm;
  return {
    metodo: METODOS.has(f.pagamentoMetodo) ? (f.pagamentoMetodo as MetodoRecebimento) : "dinheiro",
    valor: f.pagamentoValor,
    recebido: f.pagamentoRecebido,
    motivo: f.pagamentoMotivo,
  };
}

/**
 * The payment form of a booking not yet paid: "Entregue" when the pet is ready (receive and
 * hand over, or only receive), else "Registrar pagamento". A booking without a final price
 * (never checked in) asks for it, starting from its estimate.
 */
export function BookingPaymentForm({
  booking,
  refused,
}: {
  booking: AgendaBooking;
  refused: BookingPaymentRefusal | null;
}) {
  const handOver = booking.status === "pronto";
  const semPreco = booking.precoFinal === null;
  const [preco, setPreco] = useState(
    refused && semPreco ? refused.pagamentoForm.precoFinal : formatBRLNumber(booking.precoEstimado),
  );
  const total =
    booking.precoFinal === null ? (parseBRL(preco) ?? booking.precoEstimado) : dueOf(booking);
  const [payment, setPayment] = useState<HandOverPayment>(() => startFrom(total, refused));
  const errors = refused?.errors ?? {};
  const id = `pagamento-${booking.id}`;
  // The amount follows a final price typed here until the staff change it themselves.
  const changePrice = (typed: string) => {
    const before = parseBRL(preco);
    const next = parseBRL(typed);
    setPreco(typed);
    if (next !== null && before !== null && parseBRL(payment.valor) === before) {
      setPayment({ ...payment, valor: formatBRLNumber(next) });
    }
  };
  return (
    <details open={refused !== null} className="basis-full">
      <summary
        className={
          handOver
            ? `${buttonVariants({ size: "sm" })} cursor-pointer list-none`
            : "cursor-pointer font-semibold text-brand-700"
        }
      >
        {handOver ? "Entregue" : "Registrar pagamento"}
        <span className="sr-only"> {booking.numero}</span>
      </summary>
      <Form method="post" className="mt-2 grid max-w-sm gap-3">
        <input type="hidden" name="id" value={booking.id} />
        <input type="hidden" name="status" value="entregue" />
        {refused && !Object.keys(errors).length ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {refused.message}
          </p>
        ) : null}
        {!semPreco && coveredPetNames(booking).length > 0 ? (
          <p className="text-sm" data-testid="pagamento-restante">
            O pacote paga {coveredPetNames(booking).join(", ")}: falta pagar{" "}
            <strong>{formatBRL(total)}</strong> de {formatBRL(booking.precoFinal ?? 0)}.
          </p>
        ) : null}
        {semPreco ? (
          <Field
            id={`${id}-preco`}
            label="Preço final (R$)"
            hint="Sem check-in, este agendamento não tem preço final: confirme o valor com o tutor."
            error={errors.precoFinal}
          >
            <Input
              name="precoFinal"
              inputMode="decimal"
              value={preco}
              onChange={(e) => changePrice(e.target.value)}
              required
            />
          </Field>
        ) : null}
        <HandOverPaymentFields
          id={id}
          total={total}
          value={payment}
          onChange={setPayment}
          errors={errors}
          reasonPlaceholder="Ex.: desconto de cliente frequente"
        />
        <div className="flex flex-wrap gap-2">
          {handOver ? (
            <>
              <Button type="submit" name="intent" value="status" size="sm">
                Receber e entregar
                <span className="sr-only"> {booking.numero}</span>
              </Button>
              <Button type="submit" name="intent" value="pagamento" size="sm" variant="outline">
                Só registrar o pagamento
                <span className="sr-only"> {booking.numero}</span>
              </Button>
            </>
          ) : (
            <Button type="submit" name="intent" value="pagamento" size="sm">
              Registrar pagamento
              <span className="sr-only"> {booking.numero}</span>
            </Button>
          )}
        </div>
      </Form>
    </details>
  );
}
