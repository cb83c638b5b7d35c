// A variant's figures at each unit: stacked blocks on a phone or a narrow panel (the unit,
// then its four figures in a row); from the 'lg' width (room beside the open sidebar) a
// table-like grid under one header line.
import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import type { StockFigures } from "~/modules/inventory";

const COLUMNS = "lg:grid-cols-[minmax(0,1fr)_20rem]";
const FIGURES = "grid grid-cols-4 gap-1 text-center lg:gap-2 lg:text-right";

function Figure({
  label,
  value,
  strong,
}: {
  label: string;
  value: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-slate-600 lg:sr-only">{label}</dt>
      <dd className={cn("tabular-nums", strong ? "font-bold text-slate-900" : "text-slate-800")}>
        {value}
      </dd>
    </div>
  );
}

export function UnitFigures({ figures }: { figures: StockFigures[] }) {
  if (figures.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma unidade ativa.</p>;
  }
  return (
    <div className="grid gap-1.5">
      <div
        aria-hidden="true"
        className={cn("hidden gap-2 px-3 text-xs font-semibold text-slate-600 lg:grid", COLUMNS)}
      >
        <span>Unidade</span>
        <span className={FIGURES}>
          <span>Em mãos</span>
          <span>Reservado</span>
          <span>Disponível</span>
          <span>Mínimo</span>
        </span>
      </div>
      <ul className="grid gap-1.5">
        {figures.map((f) => (
          <li
            key={f.unidadeId}
            className={cn(
              "grid gap-2 rounded-lg border px-3 py-2 text-sm lg:items-center",
              COLUMNS,
              f.abaixoDoMinimo ? "border-amber-300 bg-amber-50" : "border-slate-200",
            )}
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-slate-900">{f.unidadeNome}</span>
              {f.abaixoDoMinimo ? <Badge variant="warning">Abaixo do mínimo</Badge> : null}
              {f.emTransito > 0 ? (
                <Badge variant="secondary">em trânsito: {f.emTransito}</Badge>
              ) : null}
              {f.enviadoEmTransito > 0 ? (
                <Badge variant="outline">enviado, em trânsito: {f.enviadoEmTransito}</Badge>
              ) : null}
            </div>
            <dl className={FIGURES}>
              <Figure label="Em mãos" value={f.emMaos} />
              <Figure label="Reservado" value={f.reservado} />
              <Figure label="Disponível" value={f.disponivel} strong />
              <Figure
                label="Mínimo"
                value={
                  f.minimo > 0 ? (
                    f.minimo
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">sem mínimo</span>
                    </>
                  )
                }
              />
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
