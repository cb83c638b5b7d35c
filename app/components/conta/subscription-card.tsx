// One "compra programada" with its one-click actions (issue 45 point 3), as plain forms: the
// account's list and the page a reminder's signed link opens show the same card.
import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  IntervalInput,
  PlainInput,
  PlainLabel,
  PlainSelect,
} from "~/components/conta/plain-controls";
import { Button, type ButtonProps } from "~/components/ui/button";
import { NamedOptions } from "~/components/ui/select";
import {
  ESTADO_ASSINATURA_LABEL,
  ESTADO_CICLO_LABEL,
  type EstadoAssinatura,
  type EstadoCiclo,
} from "~/domain/assinatura";
import { formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";

export interface SubscriptionCardData {
  id: string;
  estado: EstadoAssinatura;
  intervaloDias: number;
  proximaData: string;
  pausadaAte: string | null;
  lembretes: boolean;
  protocolo: string | null;
  itens: {
    varianteId: string;
    nome: string;
    quantidade: number;
    precoHoje: number | null;
    desconto: number;
  }[];
  ciclos: { id: string; data: string; estado: EstadoCiclo; motivo: string | null }[];
  /** On a renewal that waits: other pack sizes of each item and units that have them. */
  escolhas?: {
    itens: {
      de: string;
      nome: string;
      opcoes: { id: string; rotulo: string; preco: number; disponivel: number }[];
    }[];
    unidades: { id: string; nome: string; atual: boolean }[] | null;
  } | null;
}

/** A waiting renewal's choice: another pack size or unit, then the order is made. */
function ChoiceForm({ s, hidden }: { s: SubscriptionCardData; hidden: ReactNode }) {
  const escolhas = s.escolhas;
  if (!escolhas) return null;
  const quantidade = new Map(s.itens.map((i) => [i.varianteId, i.quantidade]));
  return (
    <Form method="post" className="grid gap-2 rounded-lg border border-amber-200 p-3">
      {hidden}
      <p className="font-semibold">Escolha outra embalagem ou unidade e faça o pedido</p>
      {escolhas.itens.map((item) => (
        <PlainLabel key={item.de} label={item.nome}>
          <PlainSelect name={`v_${item.de}`} defaultValue={item.de}>
            {item.opcoes.map((o) => (
              <option key={o.id} value={o.id}>
                {`${o.rotulo} — ${formatBRL(o.preco)}${o.disponivel < (quantidade.get(item.de) ?? 1) ? " (esgotado)" : ""}`}
              </option>
            ))}
          </PlainSelect>
        </PlainLabel>
      ))}
      {escolhas.unidades && escolhas.unidades.length > 0 ? (
        <PlainLabel label="Retirar em">
          <PlainSelect
            name="unidadeId"
            defaultValue={escolhas.unidades.find((u) => u.atual)?.id ?? ""}
          >
            {escolhas.unidades.some((u) => u.atual) ? null : (
              <option value="">A mesma unidade (sem estoque)</option>
            )}
            <NamedOptions items={escolhas.unidades} />
          </PlainSelect>
        </PlainLabel>
      ) : null}
      <Button type="submit" name="intent" value="trocar">
        Trocar e fazer o pedido
      </Button>
    </Form>
  );
}

/** A one-click action: the card's hidden fields and one button naming the intent. */
function IntentForm({
  hidden,
  intent,
  variant,
  children,
}: {
  hidden: ReactNode;
  intent: string;
  variant?: ButtonProps["variant"];
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {hidden}
      <Button type="submit" name="intent" value={intent} variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

export function SubscriptionCard({ s, token }: { s: SubscriptionCardData; token?: string }) {
  const hidden = (
    <>
      <input type="hidden" name="id" value={s.id} />
      {token ? <input type="hidden" name="t" value={token} /> : null}
    </>
  );
  const waiting = s.ciclos.find(
    (c) => c.estado === "aguardando_cliente" && c.data === s.proximaData,
  );
  return (
    <article
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
      data-testid="assinatura"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-slate-900">A cada {s.intervaloDias} dias</h3>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold">
          {ESTADO_ASSINATURA_LABEL[s.estado]}
        </span>
      </div>
      <ul>
        {s.itens.map((i) => (
          <li key={i.varianteId}>
            {i.quantidade}× {i.nome}
            {i.precoHoje !== null ? ` — hoje ${formatBRL(i.precoHoje)}` : " — fora de venda"}
            {i.desconto > 0 ? ` (−${i.desconto}% na compra programada)` : ""}
          </li>
        ))}
      </ul>
      {s.estado === "cancelada" ? (
        <p>Cancelada. Protocolo {s.protocolo}.</p>
      ) : (
        <p>
          {s.estado === "pausada"
            ? s.pausadaAte
              ? `Pausada até ${formatIsoDate(s.pausadaAte)}.`
              : "Pausada até você retomar."
            : `Próxima entrega: ${formatIsoDate(s.proximaData)}.`}
        </p>
      )}
      {waiting ? (
        <p className="rounded-lg bg-amber-50 p-2 font-medium text-amber-900" role="status">
          Esperando sua escolha: {waiting.motivo}
        </p>
      ) : null}
      {waiting && s.estado === "ativa" ? <ChoiceForm s={s} hidden={hidden} /> : null}
      {s.estado !== "cancelada" ? (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {s.estado === "ativa" ? (
              <>
                <IntentForm hidden={hidden} intent="pagar">
                  Pagar agora
                </IntentForm>
                <IntentForm hidden={hidden} intent="pular" variant="outline">
                  Pular esta
                </IntentForm>
              </>
            ) : (
              <IntentForm hidden={hidden} intent="retomar">
                Retomar
              </IntentForm>
            )}
            <IntentForm hidden={hidden} intent="cancelar" variant="destructive">
              Cancelar assinatura
            </IntentForm>
          </div>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            {hidden}
            <PlainLabel label="Mudar data">
              <PlainInput type="date" name="data" required />
            </PlainLabel>
            <Button type="submit" name="intent" value="data" variant="outline">
              Mudar data
            </Button>
          </Form>
          {s.estado === "ativa" ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              {hidden}
              <PlainLabel label="Pausar até (opcional)">
                <PlainInput type="date" name="ate" />
              </PlainLabel>
              <Button type="submit" name="intent" value="pausar" variant="outline">
                Pausar
              </Button>
            </Form>
          ) : null}
          <Form method="post" className="grid gap-2 rounded-lg border border-slate-200 p-2">
            {hidden}
            <p className="font-semibold">Editar</p>
            <PlainLabel label="Intervalo (15 a 90 dias)">
              <IntervalInput defaultValue={s.intervaloDias} />
            </PlainLabel>
            {s.itens.map((i) => (
              <PlainLabel key={i.varianteId} label={<>Quantidade de {i.nome} (0 remove)</>}>
                <PlainInput
                  type="number"
                  name={`q_${i.varianteId}`}
                  min={0}
                  max={99}
                  defaultValue={i.quantidade}
                  className="w-24"
                />
              </PlainLabel>
            ))}
            <label className="flex items-center gap-2">
              <input type="checkbox" name="lembretes" value="1" defaultChecked={s.lembretes} />
              Lembrete por e-mail 3 dias antes
            </label>
            <Button type="submit" name="intent" value="editar" variant="outline">
              Salvar alterações
            </Button>
          </Form>
        </div>
      ) : null}
      {s.ciclos.length > 0 ? (
        <details>
          <summary>Histórico</summary>
          <ul>
            {s.ciclos.map((c) => (
              <li key={c.id}>
                {formatIsoDate(c.data)}: {ESTADO_CICLO_LABEL[c.estado]}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}
