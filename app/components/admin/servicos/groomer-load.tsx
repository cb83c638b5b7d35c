// The agenda by groomer (decision 0070): whose list is shown ("Todos", each groomer, "Sem
// tosador", as links that work without JavaScript) and how many pets each groomer has per
// drop-off time, a small table that fits a 360 px phone and scrolls when the day has many times.

import { TitledSection } from "~/components/admin/titled-section";
import type { GroomerFilter, GroomerLoadRow } from "~/modules/grooming";

export function GroomerFilterNav({
  load,
  current,
  href,
}: {
  load: readonly GroomerLoadRow[];
  current: GroomerFilter;
  href: (tosador: GroomerFilter) => string;
}) {
  // A unit without groomers has nothing to filter by.
  if (!load.some((r) => r.tosadorId)) return null;
  const options: { value: GroomerFilter; label: string }[] = [
    { value: "todos", label: "Todos" },
    ...load.flatMap((r) => (r.tosadorId ? [{ value: r.tosadorId, label: r.nome }] : [])),
    { value: "sem", label: "Sem tosador" },
  ];
  return (
    <nav aria-label="Filtrar por tosador">
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => (
          <li key={o.value}>
            <a
              href={href(o.value)}
              aria-current={o.value === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {o.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function GroomerLoadTable({ load }: { load: readonly GroomerLoadRow[] }) {
  const times = load[0]?.porHorario.map((h) => h.horario) ?? [];
  if (!load.some((r) => r.tosadorId) || times.length === 0) return null;
  return (
    <TitledSection
      id="carga-tosador"
      title="Pets por tosador e horário de entrega"
      titleClassName="font-bold"
      className="grid gap-2"
    >
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="carga-tosador">
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="px-3 py-2">
                Tosador
              </th>
              {times.map((t) => (
                <th key={t} scope="col" className="px-2 py-2 text-right">
                  {t}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {load.map((r) => (
              <tr key={r.tosadorId ?? "sem"} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {r.nome}
                </th>
                {r.porHorario.map((h) => (
                  <td key={h.horario} className="px-2 py-2 text-right tabular-nums">
                    {h.pets || "–"}
                  </td>
                ))}
                <td className="px-3 py-2 text-right font-bold tabular-nums">{r.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TitledSection>
  );
}
