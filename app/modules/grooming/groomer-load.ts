// Who takes which pets (issue 41 point 6, decision 0070): the agenda's filter by groomer and
// each groomer's load per drop-off time, pure so the page and its tests read the same rule.
import type { StatusAgendamento } from "./booking-vocabulary";

/** The agenda's groomer filter: everyone, the bookings nobody took yet, or one groomer's id. */
export type GroomerFilter = "todos" | "sem" | (string & {});

export interface GroomerLoadRow {
  /** null: the row of the pets nobody took yet ("Sem tosador"). */
  tosadorId: string | null;
  nome: string;
  /** Pets per drop-off time ('HH:MM'), the times of the day in order. */
  porHorario: { horario: string; pets: number }[];
  total: number;
}

interface LoadBooking {
  horario: string;
  status: StatusAgendamento;
  tosador: { id: string; nome: string } | null;
  pets: readonly unknown[];
}

/** A booking that still takes the groomer's time (the same ones the day sheet prints). */
export const holdsPlace = (status: StatusAgendamento) =>
  status !== "cancelado" && status !== "nao_compareceu";

export function matchesGroomer(booking: Pick<LoadBooking, "tosador">, filter: GroomerFilter) {
  if (filter === "todos") return true;
  if (filter === "sem") return booking.tosador === null;
  return booking.tosador?.id === filter;
}

/**
 * Pets per groomer and drop-off time: every groomer of the unit (a row of zeros says who is
 * free), any other person a booking of the day names, then "Sem tosador" when some pet has none.
 */
export function groomerLoad(
  bookings: readonly LoadBooking[],
  groomers: readonly { id: string; nome: string }[],
  horarios: readonly string[],
): GroomerLoadRow[] {
  const open = bookings.filter((b) => holdsPlace(b.status));
  const people = new Map(groomers.map((g) => [g.id, g.nome]));
  for (const b of open)
    if (b.tosador && !people.has(b.tosador.id)) people.set(b.tosador.id, b.tosador.nome);
  const times = [...new Set([...horarios, ...open.map((b) => b.horario)])].sort();
  const row = (tosadorId: string | null, nome: string): GroomerLoadRow => {
    const mine = open.filter((b) => (b.tosador?.id ?? null) === tosadorId);
    const porHorario = times.map((horario) => ({
      horario,
      pets: mine.filter((b) => b.horario === horario).reduce((n, b) => n + b.pets.length, 0),
    }));
    return { tosadorId, nome, porHorario, total: porHorario.reduce((n, h) => n + h.pets, 0) };
  };
  const rows = [...people].map(([id, nome]) => row(id, nome));
  const unassigned = row(null, "Sem tosador");
  return unassigned.total > 0 ? [...rows, unassigned] : rows;
}
