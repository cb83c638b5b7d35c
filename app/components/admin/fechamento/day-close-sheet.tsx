// The day close of a unit (issue 43 point 4, decision 0079), one component for the screen, the
// A4 sheet and the 80 mm receipt: every part is a list of label/value lines, which fit a roll
// of paper as well as a phone. The print rules (page size, what hides) are in app.css.

import { formatDateTime, formatIsoDate } from "~/domain/dates";
import { FORMA_FECHAMENTO_LABEL, ORIGEM_LABEL } from "~/domain/day-close";
import { formatBRL } from "~/domain/money";

/** What the sheet shows: the close as the loader serialises it (dates as strings). */
export interface DayCloseView {
  unidade: { id: string; nome: string };
  dia: string;
  geradoEm: string | Date;
  pedidos: { quantidade: number; valor: number };
  recebido: number;
  reembolsos: number;
  contestacoes: number;
  liquido: number;
  aguardando: { quantidade: number; valor: number };
  porOrigem: { loja: number; banho_tosa: number };
  porForma: { forma: string; label: string; quantidade: number; valor: number; saidas: number }[];
  porPessoa: { pessoa: string; quantidade: number; valor: number }[];
  gaveta: { esperado: number; entregue: number; troco: number };
  entradas: {
    em: string | Date;
    forma: keyof typeof FORMA_FECHAMENTO_LABEL;
    origem: keyof typeof ORIGEM_LABEL;
    referencia: string;
    pessoa: string;
    valor: number;
    recebido: number | null;
    motivo: string | null;
  }[];
  saidas: {
    em: string | Date;
    tipo: "reembolso" | "contestacao";
    forma: keyof typeof FORMA_FECHAMENTO_LABEL;
    referencia: string;
    valor: number;
  }[];
}

const hora = (at: string | Date) => formatDateTime(at).slice(11);

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: React.ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex justify-between gap-3 py-0.5 ${strong ? "font-bold" : ""}`}
      data-testid={testId}
    >
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

function Part({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="mt-3 border-t border-slate-300 pt-2 print:border-black"
      data-testid={testId}
    >
      <h3 className="mb-1 font-bold">{title}</h3>
      {children}
    </section>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function DayCloseSheet({
  close: c,
  receipt = false,
}: {
  close: DayCloseView;
  receipt?: boolean;
}) {
  return (
    <div className={receipt ? "text-[11px] leading-tight" : "text-sm"}>
      <header className={`grid gap-0.5 border-b border-black pb-2 ${receipt ? "text-center" : ""}`}>
        <h2 className={`font-extrabold ${receipt ? "text-sm" : "text-xl"}`}>
          Fechamento do dia · {formatIsoDate(c.dia)}
        </h2>
        <p className="font-semibold" data-testid="fechamento-unidade">
          {c.unidade.nome}
        </p>
        <p className="font-bold uppercase" data-testid="nao-fiscal">
          Não é documento fiscal
        </p>
        <p className="text-xs">Gerado em {formatDateTime(c.geradoEm)} (horário de Brasília)</p>
      </header>

      <Part title="Resumo" testId="fechamento-resumo">
        <dl>
          <Line
            label={`Pedidos feitos (${count(c.pedidos.quantidade, "pedido", "pedidos")})`}
            value={formatBRL(c.pedidos.valor)}
            testId="fechamento-pedidos"
          />
          <Line
            label="Recebido"
            value={formatBRL(c.recebido)}
            strong
            testId="fechamento-recebido"
          />
          <Line label="· Loja" value={formatBRL(c.porOrigem.loja)} testId="fechamento-loja" />
          <Line
            label="· Banho e tosa"
            value={formatBRL(c.porOrigem.banho_tosa)}
            testId="fechamento-banho-tosa"
          />
          <Line
            label="Reembolsos"
            value={`− ${formatBRL(c.reembolsos)}`}
            testId="fechamento-reembolsos"
          />
          <Line
            label="Contestações"
            value={`− ${formatBRL(c.contestacoes)}`}
            testId="fechamento-contestacoes"
          />
          <Line label="Líquido" value={formatBRL(c.liquido)} strong testId="fechamento-liquido" />
          {c.aguardando.quantidade > 0 ? (
            <Line
              label={`Aguardando pagamento online (${c.aguardando.quantidade})`}
              value={formatBRL(c.aguardando.valor)}
            />
          ) : null}
        </dl>
      </Part>

      <Part title="Gaveta (dinheiro)" testId="fechamento-gaveta">
        <dl>
          <Line
            label="Esperado na gaveta"
            value={formatBRL(c.gaveta.esperado)}
            strong
            testId="gaveta-esperado"
          />
          <Line
            label="Entregue pelos clientes"
            value={formatBRL(c.gaveta.entregue)}
            testId="gaveta-entregue"
          />
          <Line label="Troco dado" value={formatBRL(c.gaveta.troco)} testId="gaveta-troco" />
        </dl>
      </Part>

      <Part title="Por forma de pagamento" testId="fechamento-formas">
        <dl>
          {c.porForma.map((f) => (
            <Line
              key={f.forma}
              label={`${f.label} (${f.quantidade})${f.saidas ? ` · devolvido ${formatBRL(f.saidas)}` : ""}`}
              value={formatBRL(f.valor)}
              testId={`forma-${f.forma}`}
            />
          ))}
        </dl>
      </Part>

      <Part title="Por pessoa" testId="fechamento-pessoas">
        {c.porPessoa.length === 0 ? (
          <p>Nenhum recebimento.</p>
        ) : (
          <dl>
            {c.porPessoa.map((p) => (
              <Line
                key={p.pessoa}
                label={`${p.pessoa} (${p.quantidade})`}
                value={formatBRL(p.valor)}
              />
            ))}
          </dl>
        )}
      </Part>

      <Part title="Recebimentos" testId="fechamento-entradas">
        {c.entradas.length === 0 ? (
          <p>Nada recebido neste dia.</p>
        ) : (
          <ul className="divide-y divide-slate-200 print:divide-black">
            {c.entradas.map((e) => (
              <li
                key={`${e.referencia}-${String(e.em)}-${e.forma}`}
                className="py-1"
                data-testid="fechamento-entrada"
              >
                <div className="flex justify-between gap-2">
                  <span className="min-w-0">
                    {hora(e.em)} · {FORMA_FECHAMENTO_LABEL[e.forma]} · {e.referencia}
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatBRL(e.valor)}</span>
                </div>
                <p className="text-xs text-slate-600 print:text-black">
                  {ORIGEM_LABEL[e.origem]} · {e.pessoa}
                  {e.recebido !== null
                    ? ` · recebido ${formatBRL(e.recebido)} · troco ${formatBRL(e.recebido - e.valor)}`
                    : ""}
                  {e.motivo ? ` · motivo: ${e.motivo}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Part>

      {c.saidas.length > 0 ? (
        <Part title="Reembolsos e contestações" testId="fechamento-saidas">
          <ul>
            {c.saidas.map((s) => (
              <li
                key={`${s.referencia}-${String(s.em)}-${s.tipo}`}
                className="flex justify-between gap-2 py-0.5"
              >
                <span className="min-w-0">
                  {hora(s.em)} · {s.tipo === "reembolso" ? "Reembolso" : "Contestação"} ·{" "}
                  {FORMA_FECHAMENTO_LABEL[s.forma]} · {s.referencia}
                </span>
                <span className="shrink-0 tabular-nums">− {formatBRL(s.valor)}</span>
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
    </div>
  );
}
