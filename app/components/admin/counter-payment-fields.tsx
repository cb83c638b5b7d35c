// How a payment was received in person (issue 43): a "pagar na retirada" / "na entrega" order
// handed over (decision 0077), a grooming booking paid at the counter (decision 0078). Method,
// amount (the total unless told otherwise, then with a reason), and for cash what was handed
// over, with the change worked out as it is typed. The server checks it all again against the
// order's or the booking's own total (checkCounterPayment).
import { useSyncExternalStore } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select, SelectOptions } from "~/components/ui/select";
import {
  checkCounterPayment,
  METODO_RECEBIMENTO_LABEL,
  METODOS_RECEBIMENTO,
  type MetodoRecebimento,
} from "~/domain/counter-payment";
import { formatBRL, formatBRLNumber, parseBRL } from "~/domain/money";

const noSubscription = () => () => {};

export interface HandOverPayment {
  metodo: MetodoRecebimento;
  valor: string;
  recebido: string;
  motivo: string;
}

export const handOverPaymentStart = (total: number): HandOverPayment => ({
  metodo: "dinheiro",
  valor: formatBRLNumber(total),
  recebido: "",
  motivo: "",
});

/** The form fields the actions read (orders and grooming alike). */
export function handOverPaymentFields(p: HandOverPayment): Record<string, string> {
  return {
    pagamentoMetodo: p.metodo,
    pagamentoValor: p.valor,
    ...(p.metodo === "dinheiro" && p.recebido ? { pagamentoRecebido: p.recebido } : {}),
    ...(p.motivo.trim() ? { pagamentoMotivo: p.motivo } : {}),
  };
}

export function HandOverPaymentFields({
  id,
  total,
  value,
  onChange,
  errors,
  reasonPlaceholder = "Ex.: desconto por embalagem rasgada",
}: {
  id: string;
  total: number;
  value: HandOverPayment;
  onChange: (next: HandOverPayment) => void;
  errors: Partial<Record<"pagamento" | "metodo" | "valor" | "recebido" | "motivo", string>>;
  reasonPlaceholder?: string;
}) {
  // Without JavaScript (a plain form) the reason is always offered: nothing shows it later.
  // False only in the server's HTML (and its hydration); a dialog opened later is live at once.
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const set = (patch: Partial<HandOverPayment>) => onChange({ ...value, ...patch });
  const valor = parseBRL(value.valor);
  const recebido = value.recebido ? parseBRL(value.recebido) : null;
  const { troco } = checkCounterPayment(
    { metodo: value.metodo, valor: valor ?? 0, recebido, motivo: value.motivo },
    total,
  );
  const differs = valor !== null && valor !== total;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        Pagamento ({formatBRL(total)})
      </legend>
      <Field id={`${id}-metodo`} label="Como foi pago" error={errors.pagamento ?? errors.metodo}>
        <Select
          name="pagamentoMetodo"
          value={value.metodo}
          onChange={(e) => set({ metodo: e.target.value as MetodoRecebimento })}
        >
          <SelectOptions values={METODOS_RECEBIMENTO} labels={METODO_RECEBIMENTO_LABEL} />
        </Select>
      </Field>
      <Field id={`${id}-valor`} label="Valor recebido (R$)" error={errors.valor}>
        <Input
          name="pagamentoValor"
          inputMode="decimal"
          value={value.valor}
          onChange={(e) => set({ valor: e.target.value })}
          required
        />
      </Field>
      {value.metodo === "dinheiro" ? (
        <Field
          id={`${id}-recebido`}
          label="Dinheiro entregue pelo cliente (R$, opcional)"
          hint={troco !== null ? `Troco: ${formatBRL(troco)}` : "Para calcular o troco."}
          error={errors.recebido}
        >
          <Input
            name="pagamentoRecebido"
            inputMode="decimal"
            value={value.recebido}
            onChange={(e) => set({ recebido: e.target.value })}
          />
        </Field>
      ) : null}
      {differs || errors.motivo || !live ? (
        <Field
          id={`${id}-motivo`}
          label="Motivo do valor diferente do total"
          hint={live ? undefined : "Só quando o valor for diferente do total."}
          error={errors.motivo}
        >
          <Input
            name="pagamentoMotivo"
            value={value.motivo}
            maxLength={200}
            onChange={(e) => set({ motivo: e.target.value })}
            placeholder={reasonPlaceholder}
          />
        </Field>
      ) : null}
    </fieldset>
  );
}
