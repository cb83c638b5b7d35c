// /admin/estoque/:varianteId: a variant's figures now and its ledger, newest first, one card
// per movement (what, where, how much, the figures after it, the order, the reason, who).

import { UnitFigures } from "~/components/admin/estoque/unit-figures";
import { EmptyList, InlineDetail } from "~/components/admin/list-view";
import { Pagination } from "~/components/admin/pagination";
import { TitledSection } from "~/components/admin/titled-section";
import { Badge } from "~/components/ui/badge";
import type { MovementHistory, MovementLine } from "~/modules/inventory";

/** +3 / −2 (a true minus sign), 0 as is. */
function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return "0";
}

const TONE: Record<MovementLine["tipo"], "green" | "red" | "blue" | "yellow" | "secondary"> = {
  reserva: "yellow",
  liberacao: "blue",
  venda: "red",
  cancelamento: "green",
  ajuste: "secondary",
  transferencia_saida: "red",
  transferencia_entrada: "green",
  importacao: "blue",
  transferencia_perda: "red",
  transferencia_cancelada: "green",
  entrada_nf: "green",
  entrada_avulsa: "green",
  venda_balcao: "red",
  venda_balcao_cancelada: "green",
  contagem: "secondary",
};

function change(m: MovementLine): string {
  const parts: string[] = [];
  if (m.deltaEmMaos !== 0) parts.push(`${signed(m.deltaEmMaos)} em mãos`);
  if (m.deltaReservado !== 0) parts.push(`${signed(m.deltaReservado)} reservado`);
  return parts.length ? parts.join(" · ") : "sem alteração";
}

export function MovementHistoryView({ history }: { history: MovementHistory }) {
  const { variante, movimentos } = history;
  return (
    <div className="grid gap-6">
      <TitledSection id="estoque-agora" title="Agora" className="grid gap-2">
        <p className="break-all text-sm text-slate-600">{`SKU ${variante.sku}`}</p>
        <UnitFigures figures={variante.porUnidade} />
      </TitledSection>
      <TitledSection
        id="estoque-movimentos"
        title={
          <>
            Movimentações{" "}
            <span className="text-sm font-normal text-slate-600">({history.total})</span>
          </>
        }
        className="grid gap-3"
      >
        {movimentos.length === 0 ? (
          <EmptyList>Nenhuma movimentação registrada.</EmptyList>
        ) : (
          <ol className="grid gap-2" aria-label="Movimentações, da mais recente à mais antiga">
            {movimentos.map((m) => (
              <li
                key={m.id}
                className="grid gap-1.5 rounded-2xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant={TONE[m.tipo] ?? "secondary"}>{m.tipoLabel}</Badge>
                    <span className="font-semibold text-slate-900">{m.unidadeNome}</span>
                  </span>
                  <span className="text-slate-600">{m.data}</span>
                </div>
                <p className="font-semibold tabular-nums text-slate-900">{change(m)}</p>
                <dl className="grid gap-0.5 text-slate-700">
                  <InlineDetail label="Depois">
                    {m.emMaosDepois} em mãos · {m.reservadoDepois} reservado · {m.disponivelDepois}{" "}
                    disponível
                  </InlineDetail>
                  {m.numeroPedido ? (
                    <InlineDetail label="Pedido">{m.numeroPedido}</InlineDetail>
                  ) : null}
                  {m.motivo ? <InlineDetail label="Motivo">{m.motivo}</InlineDetail> : null}
                  {m.por ? (
                    <InlineDetail label="Por">
                      <span className="break-words">{m.por}</span>
                    </InlineDetail>
                  ) : null}
                </dl>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={history.page} total={history.total} pageSize={history.pageSize} />
      </TitledSection>
    </div>
  );
}
