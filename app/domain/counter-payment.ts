// A payment received in person (issue 43 point 2): at the counter when an order is picked up,
// at the door when it is delivered, at the grooming room when a pet is fetched. Pure rules,
// shared by the staff's form and the server, which checks them again.
import { formatBRL } from "./money";
import { defineVocabulary } from "./vocabulary";

export const { values: METODOS_RECEBIMENTO, label: METODO_RECEBIMENTO_LABEL } = defineVocabulary({
  dinheiro: "Dinheiro",
  pix: "Pix",
  debito: "Cartão de débito",
  credito: "Cartão de crédito",
});
export type MetodoRecebimento = (typeof METODOS_RECEBIMENTO)[number];

/** The most one hand-over may record (a sanity bound, not a business rule). */
const MAX_RECEBIMENTO_CENTAVOS = 10_000_000;

export interface CounterPaymentInput {
  metodo: MetodoRecebimento;
  /** What was charged, in centavos. */
  valor: number;
  /** Cash only: what the customer handed over (the change is the difference). */
  recebido: number | null;
  /** Required when `valor` differs from what the order or booking costs. */
  motivo: string | null;
}

export interface CounterPaymentCheck {
  /** Field -> pt-BR message; empty when the payment may be recorded. */
  errors: Partial<Record<"metodo" | "valor" | "recebido" | "motivo", string>>;
  /** Cash: the change to give back, in centavos. */
  troco: number | null;
}

/** Checks a payment against what is owed (`devido`, centavos). */
export function checkCounterPayment(
  input: CounterPaymentInput,
  devido: number,
): CounterPaymentCheck {
  const errors: CounterPaymentCheck["errors"] = {};
  if (!METODOS_RECEBIMENTO.includes(input.metodo)) errors.metodo = "Escolha como foi pago";
  if (!Number.isInteger(input.valor) || input.valor <= 0) {
    errors.valor = "Informe o valor recebido";
  } else if (input.valor > MAX_RECEBIMENTO_CENTAVOS) {
    errors.valor = `Valor acima do limite de ${formatBRL(MAX_RECEBIMENTO_CENTAVOS)}`;
  } else if (input.valor !== devido && (input.motivo ?? "").trim().length < 3) {
    errors.motivo = `O valor é diferente do total (${formatBRL(devido)}): diga o motivo`;
  }
  let troco: number | null = null;
  if (input.metodo === "dinheiro" && input.recebido !== null) {
    if (!Number.isInteger(input.recebido) || input.recebido > MAX_RECEBIMENTO_CENTAVOS) {
      errors.recebido = "Valor entregue inválido";
    } else if (input.recebido < input.valor) {
      errors.recebido = "O valor entregue é menor que o valor a pagar";
    } else {
      troco = input.recebido - input.valor;
    }
  }
  return { errors, troco };
}
