// The day's capacity at a glance: used/total per drop-off time, for the day, and per size
// where the size has its own limit. A time over its capacity stands out.
import type { AgendaDay } from "~/modules/grooming";

const CHIP = "rounded-lg border px-3 py-2";
const CALM = `${CHIP} border-slate-200 bg-white`;

export function CapacityStrip({ day }: { day: Pick<AgendaDay, "horarios" | "dia" | "portes"> }) {
  return (
    <ul
      className="flex flex-wrap gap-2"
      aria-label="Capacidade por horário"
      data-testid="capacidade"
    >
      {day.horarios.map((h) => (
        <li
          key={h.horario}
          className={h.usados > h.total ? `${CHIP} border-amber-500 bg-amber-50` : CALM}
        >
          {h.horario}{" "}
          <strong>
            {h.usados}/{h.total}
          </strong>
        </li>
      ))}
      <li className={CALM}>
        Dia{" "}
        <strong>
          {day.dia.usados}/{day.dia.total}
        </strong>
      </li>
      {day.portes.map((p) =>
        p.limite === null ? null : (
          <li key={p.porte} className={CALM}>
            {p.porte}{" "}
            <strong>
              {p.usados}/{p.limite}
            </strong>
          </li>
        ),
      )}
    </ul>
  );
}
