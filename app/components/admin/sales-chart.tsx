import { HeadRow } from "~/components/ui/table";
import { axisMargin, barHeights, ticks } from "~/domain/chart";
import { formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";

export interface SalesChartDay {
  day: string;
  total: number;
  pedidos: number;
}

const WEEKDAY = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });

function weekday(day: string): string {
  return WEEKDAY.format(new Date(`${day}T12:00:00Z`)).replace(".", "");
}

/**
 * A bar chart of the last days' sales in SVG, with the same numbers as a table for
 * screen readers (the SVG itself is hidden from them).
 */
export function SalesChart({ data }: { data: SalesChartDay[] }) {
  const width = 640;
  const height = 220;
  const top = 16;
  const bottom = 40;
  const plotHeight = height - top - bottom;
  // An empty or quiet week still gets a readable axis (at least R$ 100,00).
  const { max, heights } = barHeights(
    data.map((d) => d.total),
    plotHeight,
    10_000,
  );
  const axis = ticks(max).map((value) => ({ value, label: formatBRL(Math.round(value)) }));
  // As wide as the widest value written on the axis ("R$ 20.000,00" was cut at the left edge).
  const left = axisMargin(axis.map((t) => t.label));
  const plotWidth = width - left - 8;
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.min(48, slot * 0.6);
  const total = data.reduce((acc, d) => acc + d.total, 0);

  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="hidden h-auto w-full md:block"
        aria-hidden="true"
        data-testid="sales-chart"
      >
        {axis.map(({ value, label }) => {
          const y = top + plotHeight - (value / max) * plotHeight;
          return (
            <g key={value}>
              <line x1={left} x2={width - 8} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={left - 8} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {label}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const h = heights[i] ?? 0;
          const x = left + slot * i + (slot - barWidth) / 2;
          const y = top + plotHeight - h;
          return (
            <g key={d.day} data-day={d.day} data-total={d.total}>
              <rect x={x} y={y} width={barWidth} height={h} rx="4" fill="#15803d">
                <title>{`${formatIsoDate(d.day)}: ${formatBRL(d.total)}`}</title>
              </rect>
              {(
                [
                  [weekday(d.day), 16, "11", "#334155"],
                  [formatIsoDate(d.day).slice(0, 5), 30, "10", "#64748b"],
                ] as const
              ).map(([text, below, fontSize, fill]) => (
                <text
                  key={below}
                  x={x + barWidth / 2}
                  y={height - bottom + below}
                  textAnchor="middle"
                  fontSize={fontSize}
                  fill={fill}
                >
                  {text}
                </text>
              ))}
            </g>
          );
        })}
      </svg>
      {/* Phones: horizontal bars with the values written next to them. */}
      <ul aria-hidden="true" className="grid gap-2 md:hidden" data-testid="sales-chart-mobile">
        {data.map((d, i) => (
          <li key={d.day} className="grid grid-cols-[4.5rem_1fr] items-center gap-2 text-sm">
            <span className="text-slate-700">
              {weekday(d.day)} {formatIsoDate(d.day).slice(0, 5)}
            </span>
            <span className="flex items-center gap-2">
              <span
                className="h-4 rounded bg-brand-600"
                style={{ width: `${((heights[i] ?? 0) / plotHeight) * 70}%` }}
              />
              <span className="whitespace-nowrap font-medium tabular-nums text-slate-900">
                {formatBRL(d.total)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <figcaption className="text-sm text-slate-600">
        Total dos últimos {data.length} dias: <strong>{formatBRL(total)}</strong> (pedidos não
        cancelados)
      </figcaption>
      <table className="sr-only">
        <caption>Vendas por dia nos últimos {data.length} dias</caption>
        <thead>
          <HeadRow columns={[["Dia"], ["Vendas"], ["Pedidos"]]} />
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatIsoDate(d.day)}</th>
              <td>{formatBRL(d.total)}</td>
              <td>{d.pedidos}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
