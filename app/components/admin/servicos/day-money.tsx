// The day's grooming money per unit (issue 43 point 3, decision 0078): what the day's bookings
// paid at the counter (by method) and what is still to receive, for each of the person's
// units. A table on wide screens and on the phone alike (three short columns).

import { TitledSection } from "~/components/admin/titled-section";
import { HeadRow } from "~/components/ui/table";
import { METODO_RECEBIMENTO_LABEL } from "~/domain/counter-payment";
import { formatBRL } from "~/domain/money";
import type { GroomingDayTotal } from "~/modules/grooming";

export function DayMoney({ totals }: { totals: (GroomingDayTotal & { nome: string })[] }) {
  if (totals.length === 0) return null;
  return (
    <TitledSection
      id="caixa-do-dia"
      title="Pagamentos do dia"
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="caixa-do-dia"
    >
      <table className="w-full text-left text-sm">
        <thead>
          <HeadRow
            columns={[
              ["Unidade", "py-1 pr-2"],
              ["Recebido", "py-1 pr-2 text-right"],
              ["A receber", "py-1 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.unidadeId} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pr-2 font-semibold">
                {t.nome}
              </th>
              <td className="py-1 pr-2 text-right" data-testid="recebido">
                <strong>{formatBRL(t.recebido)}</strong>
                {t.porMetodo.map((m) => (
                  <span key={m.metodo} className="block text-xs text-slate-600">
                    {METODO_RECEBIMENTO_LABEL[m.metodo]} {formatBRL(m.valor)}
                  </span>
                ))}
              </td>
              <td className="py-1 text-right" data-testid="a-receber">
                <strong>{formatBRL(t.aReceber)}</strong>
                <span className="block text-xs text-slate-600">
                  {t.pendentes === 1 ? "1 atendimento" : `${t.pendentes} atendimentos`}
                  {t.estimados > 0 ? `, ${t.estimados} pelo estimado` : ""}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TitledSection>
  );
}
