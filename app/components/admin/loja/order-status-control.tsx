// The status of an order, changed in place from the orders view: only the statuses its mode
// allows now (pick-up or delivery), "Retirado" asked with the pick-up code the customer says
// at the counter, and a cancellation asked for the reason the customer's e-mail gives (and,
// after hand-over, whether the units go back on the shelf). The server checks all of it
// again (decision 0026).
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import {
  type HandOverPayment,
  HandOverPaymentFields,
  handOverPaymentFields,
  handOverPaymentStart,
} from "~/components/admin/counter-payment-fields";
import { Button } from "~/components/ui/button";
import { DialogFooter, TitledDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectOptions } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  type FormaPagamento,
  STATUS_PEDIDO_LABEL,
  type StatusPagamento,
  type StatusPedido,
} from "~/domain/statuses";
import type { FormResult } from "~/lib/form-result";
import { handOverAsksPayment, orderStatusChoices } from "~/modules/orders";

export interface StatusControlOrder {
  id: string;
  numeroPedido: string;
  modo: "entrega" | "retirada";
  statusPedido: StatusPedido;
  estoqueSituacao: "reservado" | "liberado" | "baixado" | "devolvido";
  formaPagamento: FormaPagamento;
  statusPagamento: StatusPagamento;
  total: number;
}

type Question = "retirado" | "entregue" | "cancelado" | null;
type PaymentErrors = Parameters<typeof HandOverPaymentFields>[0]["errors"];
const PAYMENT_FIELDS = ["pagamento", "metodo", "valor", "recebido", "motivo"] as const;

/**
 * The dialog of a hand-over (retirada, entrega): what to ask, then Cancelar and the
 * confirmation, which sends the status with the answers.
 */
function HandOverDialog({
  dialog,
  noun,
  numeroPedido,
  description,
  busy,
  disabled = false,
  onSend,
  onCancel,
  children,
}: {
  dialog: Pick<
    React.ComponentProps<typeof TitledDialog>,
    "open" | "onOpenChange" | "onCloseAutoFocus"
  >;
  /** What is confirmed ("Retirada"): the title names it with the order, and so does the button. */
  noun: string;
  numeroPedido: string;
  description: string;
  busy: boolean;
  disabled?: boolean;
  onSend: () => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <TitledDialog
      {...dialog}
      title={`${noun} do pedido ${numeroPedido}`}
      description={description}
      className="max-w-sm"
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        {children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy || disabled}>
            {busy ? "Confirmando..." : `Confirmar ${noun.toLowerCase()}`}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}

export function OrderStatusControl({ order }: { order: StatusControlOrder }) {
  // Shared with the list (key "order-status"): a filtered list may drop the changed order,
  // and the list shows the toast of the result.
  const fetcher = useFetcher<FormResult>({ key: "order-status" });
  const [question, setQuestion] = useState<Question>(null);
  const [codigo, setCodigo] = useState("");
  const [codigoError, setCodigoError] = useState<string | null>(null);
  const [motivo, setMotivo] = useState("");
  const [payment, setPayment] = useState<HandOverPayment>(() => handOverPaymentStart(order.total));
  const [paymentErrors, setPaymentErrors] = useState<PaymentErrors>({});
  const select = useRef<HTMLSelectElement>(null);
  // The answer this dialog waits for: any other (an older one, another order's) is not its.
  const sentWith = useRef<unknown>(undefined);
  const waiting = useRef(false);

  const id = `order-status-${order.id}`;
  const mine = fetcher.formData?.get("id") === order.id;
  const pending = mine ? fetcher.formData?.get("status") : undefined;
  const busy = fetcher.state !== "idle";
  const handedOver = order.estoqueSituacao === "baixado";

  const send = (status: StatusPedido, extra: Record<string, string> = {}) => {
    sentWith.current = fetcher.data;
    waiting.current = question !== null;
    fetcher.submit(
      { intent: "order-status", id: order.id, status, ...extra },
      { method: "post", action: href("/admin/loja/pedidos") },
    );
  };

  // The dialog's answer: closed on success, the server's message under the code otherwise.
  useEffect(() => {
    if (!waiting.current || fetcher.state !== "idle" || fetcher.data === sentWith.current) return;
    waiting.current = false;
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      setQuestion(null);
      return;
    }
    // A refused cancellation closes (the toast says why); a wrong code or payment stays to fix.
    setQuestion((asked) => (asked === "retirado" || asked === "entregue" ? asked : null));
    const errors = result.errors ?? {};
    const paymentError = PAYMENT_FIELDS.some((f) => errors[f]);
    setPaymentErrors(
      Object.fromEntries(PAYMENT_FIELDS.flatMap((f) => (errors[f] ? [[f, errors[f]]] : []))),
    );
    setCodigoError(
      errors.codigoRetirada ??
        (paymentError ? null : (result.message ?? "Erro ao atualizar status")),
    );
  }, [fetcher.state, fetcher.data]);

  const asksPayment = (status: StatusPedido) => handOverAsksPayment(order, status);
  const choose = (status: StatusPedido) => {
    if (asksPayment(status)) {
      setPayment(handOverPaymentStart(order.total));
      setPaymentErrors({});
    }
    if (status === "retirado") {
      setCodigo("");
      setCodigoError(null);
      setQuestion("retirado");
    } else if (status === "entregue" && asksPayment(status)) {
      setQuestion("entregue");
    } else if (status === "cancelado") {
      setMotivo("");
      setQuestion("cancelado");
    } else {
      send(status);
    }
  };

  const close = (open: boolean) => {
    if (!open) setQuestion(null);
  };
  const backToSelect = (event: Event) => {
    event.preventDefault();
    select.current?.focus();
  };
  /** The dialog of a status that asks first: open while asked, back to the select on close. */
  const asking = (asked: NonNullable<Question>) => ({
    open: question === asked,
    onOpenChange: close,
    onCloseAutoFocus: backToSelect,
  });
  /** How the customer paid at the hand-over, asked in both dialogs. */
  const paymentFields = (fieldsId: string) => (
    <HandOverPaymentFields
      id={fieldsId}
      total={order.total}
      value={payment}
      onChange={setPayment}
      errors={paymentErrors}
    />
  );
  /** What both hand-over dialogs take alike. */
  const handOver = (asked: "retirado" | "entregue") => ({
    dialog: asking(asked),
    numeroPedido: order.numeroPedido,
    busy,
    onCancel: () => setQuestion(null),
  });

  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Status do pedido</Label>
      <Select
        ref={select}
        id={id}
        value={typeof pending === "string" ? pending : order.statusPedido}
        disabled={busy}
        onChange={(e) => choose(e.target.value as StatusPedido)}
      >
        <SelectOptions values={orderStatusChoices(order)} labels={STATUS_PEDIDO_LABEL} />
      </Select>

      <HandOverDialog
        {...handOver("retirado")}
        noun="Retirada"
        description="Peça ao cliente o código de 4 dígitos que aparece na página do pedido."
        disabled={codigo.length !== 4}
        onSend={() =>
          send("retirado", {
            codigoRetirada: codigo,
            ...(asksPayment("retirado") ? handOverPaymentFields(payment) : {}),
          })
        }
      >
        <Field id={`codigo-retirada-${order.id}`} label="Código de retirada" error={codigoError}>
          <Input
            name="codigoRetirada"
            value={codigo}
            onChange={(e) => {
              setCodigo(e.target.value.replace(/\D/g, "").slice(0, 4));
              setCodigoError(null);
            }}
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            autoComplete="off"
            required
            className="font-mono text-2xl tracking-widest"
          />
        </Field>
        {asksPayment("retirado") ? paymentFields(`retirada-pagamento-${order.id}`) : null}
      </HandOverDialog>

      <HandOverDialog
        {...handOver("entregue")}
        noun="Entrega"
        description="Registre como o cliente pagou na entrega."
        onSend={() => send("entregue", handOverPaymentFields(payment))}
      >
        {paymentFields(`entrega-pagamento-${order.id}`)}
      </HandOverDialog>

      <TitledDialog
        {...asking("cancelado")}
        title={<>Cancelar o pedido {order.numeroPedido}?</>}
        description={
          handedOver
            ? "O pedido já foi entregue ao cliente. Diga se os itens voltam para o estoque da unidade."
            : "A reserva dos itens é liberada e o cliente recebe um e-mail com o motivo, se deixou o e-mail."
        }
        className="max-w-md"
      >
        <div className="grid gap-4">
          <Field
            id={`motivo-cancelamento-${order.id}`}
            label="Motivo para o cliente (opcional)"
            hint="Vai no e-mail de cancelamento. Em branco, dizemos que a loja cancelou o pedido."
          >
            <Textarea
              name="motivo"
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              maxLength={300}
              rows={3}
              placeholder="Ex.: produto em falta no fornecedor"
            />
          </Field>
          <DialogFooter>
            {handedOver ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() => send("cancelado", { motivo })}
                >
                  Cancelar sem voltar ao estoque
                </Button>
                <Button
                  type="button"
                  disabled={busy}
                  onClick={() => send("cancelado", { motivo, voltarAoEstoque: "true" })}
                >
                  Cancelar e voltar ao estoque
                </Button>
              </>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={() => setQuestion(null)}>
                  Voltar
                </Button>
                <Button
                  type="button"
                  variant="destructive"
                  disabled={busy}
                  onClick={() => send("cancelado", { motivo })}
                >
                  {busy ? "Cancelando..." : "Cancelar pedido"}
                </Button>
              </>
            )}
          </DialogFooter>
        </div>
      </TitledDialog>
    </div>
  );
}
