// Grooming booking (issue 28), posted as the booking page posts it (a form sent as a
// document, answered 303 to the booking's page): one tutor booking one pet after another
// (p50), then 100 tutors at once for a drop-off with room for 60 pets (exactly 60 booked, 40
// told "esse horário acabou de ser preenchido"), and the rate at which they were answered.
import { sql } from "drizzle-orm";
import { shopDay } from "~/domain/dates";
import { addDays } from "~/domain/shop-time";
import { queryRows } from "~/platform/db/client.server";
import { table } from "../lib/server";
import * as harness from "./harness";

const SERIAL = 60;
const RACERS = 100;
const SLOT_POINTS = 60;
const TIMES = ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00"];
const BOOKED = 303;

interface Prepared {
  unidadeId: string;
  banho: string;
}

/** The demo unit's agenda made roomy: every day, eight drop-offs of 60 points, no notice. */
async function prepare(env: Record<string, string>): Promise<Prepared> {
  return harness.withRunDatabase(env, async (database) => {
    const [agenda] = await queryRows<{ unidade_id: string }>(
      database.db,
      sql`update agendas_banho set horarios = ${JSON.stringify(Array(7).fill(TIMES))}::jsonb,
            capacidade_horario = ${SLOT_POINTS}, capacidade_dia = 9999, antecedencia_horas = 0,
            limites_porte = '{}'::jsonb, ativo = true
          returning unidade_id`,
    );
    const [banho] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from servicos_banho where slug = 'banho'`,
    );
    if (!agenda || !banho) throw new Error("A demonstração não trouxe a agenda de banho e tosa");
    return { unidadeId: agenda.unidade_id, banho: banho.id };
  });
}

function bookingForm(p: Prepared, i: number, data: string, horario: string) {
  return new URLSearchParams({
    pets: "1",
    unidade: p.unidadeId,
    pet0_nome: `Pet ${i}`,
    pet0_especie: "cao",
    pet0_porte: "P",
    pet0_pelagem: "curta",
    pet0_servico: p.banho,
    data,
    horario,
    nomeTutor: `Tutor Benchmark ${i}`,
    whatsapp: `479${String(80_000_000 + i)}`,
  });
}

interface GroomingResult {
  p50: number;
  p99: number;
  serialFailed: number;
  booked: number;
  full: number;
  other: number;
  seconds: number;
}

export const grooming: harness.Scenario<Prepared, GroomingResult> = {
  name: "grooming",
  prepare,
  async run({ kind, base }, p) {
    const today = shopDay(new Date());
    const serialDay = addDays(today, 2);
    const raceDay = addDays(today, 3);
    console.log(`[${kind}] banho e tosa: ${SERIAL} agendamentos em sequência ...`);
    const { times, failed: serialFailed } = await harness.inSequence(
      SERIAL,
      (i) => {
        const form = bookingForm(p, i, serialDay, TIMES[i % TIMES.length]!);
        return harness.postForm(base, "/servicos/agendar", form, harness.clientAddress(91, i));
      },
      (status) => status === BOOKED,
    );
    console.log(
      `[${kind}] banho e tosa: ${RACERS} tutores ao mesmo tempo, ${SLOT_POINTS} vagas ...`,
    );
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        harness.postForm(
          base,
          "/servicos/agendar",
          bookingForm(p, 1000 + i, raceDay, "08:00"),
          harness.clientAddress(92, i),
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    await harness.settle(base);
    return {
      p50: harness.quantile(times, 0.5),
      p99: harness.quantile(times, 0.99),
      serialFailed,
      booked: statuses.filter((s) => s === BOOKED).length,
      full: statuses.filter((s) => s === 409).length,
      other: statuses.filter((s) => s !== BOOKED && s !== 409).length,
      seconds,
    };
  },
  report(results) {
    const rows = [
      [
        "Banco",
        "agendar p50 (ms)",
        "p99 (ms)",
        "falhas",
        "simultâneos",
        "agendados",
        "horário cheio",
        "outros",
        "tempo (s)",
        "agendamentos/s",
        "OK",
      ],
    ];
    let allOk = true;
    for (const { kind, result: r } of results) {
      const ok =
        r.serialFailed === 0 &&
        r.booked === SLOT_POINTS &&
        r.full === RACERS - SLOT_POINTS &&
        r.other === 0;
      allOk &&= ok;
      rows.push([
        kind,
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        String(r.serialFailed),
        String(RACERS),
        String(r.booked),
        String(r.full),
        String(r.other),
        r.seconds.toFixed(2),
        (RACERS / r.seconds).toFixed(1),
        ok ? "sim" : "NÃO",
      ]);
    }
    console.log("\n## Banho e tosa: agendar (POST /servicos/agendar)\n");
    console.log(table(rows));
    return allOk;
  },
};
