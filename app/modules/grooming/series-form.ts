// The "Repetir" form (issue 45 point 5, decision 0087) as the staff's agenda and the tutor's
// account send it, read the same way on both: interval, how many times or until when, the
// first date and time, and for each date that did not fit the choice made ("pular" or one of
// the nearest free drop-offs, sent as "yyyy-MM-dd|HH:mm"). Plain form fields, no JavaScript.
import { isDay } from "./booking-rules";
import { INTERVALOS_SERIE, MAX_OCORRENCIAS } from "./series-rules";

export { INTERVALOS_SERIE, MAX_OCORRENCIAS };

export interface SeriesForm {
  intervaloDias: number;
  ocorrencias: number;
  ateData: string | null;
  primeiraData: string;
  horario: string;
  /** Which of the booking's pets (its agendamento_pets id). */
  petId: string;
  trocas: Record<number, { data: string; horario: string } | "pular">;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The choice field of the occurrence at `indice`. */
export const trocaField = (indice: number) => `troca_${indice}`;

/** Reads the form; a pt-BR message when something is wrong. */
export function readSeriesForm(
  fields: Record<string, string>,
): { ok: true; value: SeriesForm } | { ok: false; message: string } {
  const intervaloDias = Number(fields.intervaloDias);
  if (!(INTERVALOS_SERIE as readonly number[]).includes(intervaloDias)) {
    return { ok: false, message: "Escolha a cada 7, 14, 21 ou 28 dias" };
  }
  const ocorrencias = Number(fields.ocorrencias);
  if (!Number.isInteger(ocorrencias) || ocorrencias < 1 || ocorrencias > MAX_OCORRENCIAS) {
    return { ok: false, message: `Escolha de 1 a ${MAX_OCORRENCIAS} vezes` };
  }
  const ateData = (fields.ateData ?? "").trim() || null;
  if (ateData && !isDay(ateData)) return { ok: false, message: "Data final inválida" };
  const primeiraData = (fields.primeiraData ?? "").trim();
  if (!isDay(primeiraData)) return { ok: false, message: "Escolha a data da primeira vez" };
  if (ateData && ateData < primeiraData) {
    return { ok: false, message: "A data final vem antes da primeira" };
  }
  const horario = (fields.horario ?? "").trim();
  if (!TIME.test(horario)) return { ok: false, message: "Escolha o horário de deixar o pet" };
  const trocas: SeriesForm["trocas"] = {};
  for (const [name, raw] of Object.entries(fields)) {
    const m = /^troca_(\d{1,2})$/.exec(name);
    if (!m) continue;
    const indice = Number(m[1]);
    if (indice >= MAX_OCORRENCIAS) continue;
    if (raw === "pular") {
      trocas[indice] = "pular";
      continue;
    }
    const [data = "", hora = ""] = raw.split("|");
    if (!isDay(data) || !TIME.test(hora)) {
      return { ok: false, message: "Escolha um dos horários oferecidos ou pule a data" };
    }
    trocas[indice] = { data, horario: hora };
  }
  return {
    ok: true,
    value: {
      intervaloDias,
      ocorrencias,
      ateData,
      primeiraData,
      horario,
      petId: (fields.petId ?? "").slice(0, 40),
      trocas,
    },
  };
}
