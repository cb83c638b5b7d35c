// What a pet's page shows its customer (/conta/pets/:id) and the grooming room
// (/admin/servicos/pets/:id) alike: a vaccine's dates and the weights over time.
import { formatDate, formatIsoDate } from "~/domain/dates";

/** "V10 · aplicada em 01/03/2026 · válida até 01/03/2027". */
export function VaccineDates({
  vacina,
}: {
  vacina: { tipo: string; aplicadaEm: string; validaAte: string | null };
}) {
  return (
    <>
      <span className="font-semibold">{vacina.tipo}</span> · aplicada em{" "}
      {formatIsoDate(vacina.aplicadaEm)}
      {vacina.validaAte ? ` · válida até ${formatIsoDate(vacina.validaAte)}` : ""}
    </>
  );
}

/** The weighings, in the order given; `byWhom` says whether the staff or the tutor weighed. */
export function WeightList({
  pesos,
  testId,
  byWhom = false,
}: {
  pesos: { id: string; gramas: number; medidoEm: Date | string; usuarioId?: string | null }[];
  testId: string;
  byWhom?: boolean;
}) {
  if (pesos.length === 0) return <p className="text-sm text-slate-600">Nenhuma pesagem.</p>;
  return (
    <ul className="grid gap-1 text-sm" data-testid={testId}>
      {pesos.map((p) => (
        <li key={p.id}>
          {formatDate(p.medidoEm)}: {(p.gramas / 1000).toLocaleString("pt-BR")} kg
          {byWhom ? (p.usuarioId ? " (equipe)" : " (tutor)") : null}
        </li>
      ))}
    </ul>
  );
}
