// Rebook reminders (issue 45 point 6, decision 0087): after a customer's pet went home
// ("Entregue"), once its usual interval has passed without a new booking, one e-mail says
// it is time for the next bath, with a link that opens the booking form filled in (unit, pet,
// services, contact). The usual interval is the median of the pet's own intervals between
// delivered bookings, or, with fewer than two visits, its services' default (the longest),
// or 30 days. Never to a tutor with a booking ahead for the pet (or the phone), nor one who
// turned grooming reminders off; each delivered booking is reminded at most once (a unique
// row taken in the job's transaction, so two instances send one).
import { consentRevoked, petOwners } from "~/modules/customers/index.server";
import { now as clockNow } from "~/platform/clock.server";
import { runSql, transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { shopDayOf } from "./booking-rules";
import { addDays } from "./series-rules";

/** Without history or a service's default: a month. */
const FALLBACK_INTERVAL_DAYS = 30;
/** Intervals outside this are noise (a one-off, a year away), not a habit. */
const MIN_INTERVAL = 5;
const MAX_INTERVAL = 120;
/** A reminder older than this many days past due is not sent (the tutor went elsewhere). */
const STALE_AFTER_DAYS = 60;
/** At most this many reminders per run; the next run takes the rest. */
const BATCH = 200;

/** The median of whole-day gaps between sorted days, or null with fewer than one gap. */
export function usualInterval(days: readonly string[]): number | null {
  const sorted = [...new Set(days)].sort();
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = Math.round(
      (Date.parse(`${sorted[i]}T00:00:00Z`) - Date.parse(`${sorted[i - 1]}T00:00:00Z`)) /
        86_400_000,
    );
    if (gap >= MIN_INTERVAL && gap <= MAX_INTERVAL) gaps.push(gap);
  }
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const mid = Math.floor(gaps.length / 2);
  return gaps.length % 2 ? gaps[mid]! : Math.round((gaps[mid - 1]! + gaps[mid]!) / 2);
}

interface LastVisit {
  agendamento_id: string;
  pet_id: string;
  data: string;
  unidade_id: string;
  servicos: { servicoId: string }[];
  dias: string[];
  padrao: number | null;
}

/**
 * Sends the reminders due at `at`: for each customer's pet, its last delivered booking; due
 * when the usual interval has passed since it, nothing is booked ahead, no reminder was sent
 * for it and the tutor did not revoke grooming reminders. Returns how many were queued.
 */
export async function sendRebookReminders(at: Date = clockNow()): Promise<number> {
  const today = shopDayOf(at);
  return transaction(async (tx) => {
    const visits = await runSql<LastVisit>(
      tx,
      `with entregues as (
         select p.pet_id, a.id as agendamento_id, a.data, a.unidade_id, p.servicos,
                row_number() over (partition by p.pet_id order by a.data desc, a.inicio desc) as n
           from agendamentos a join agendamento_pets p on p.agendamento_id = a.id
          where a.status = 'entregue' and p.pet_id is not null
            and a.data >= $1::date - 400)
       select e.agendamento_id, e.pet_id, e.data::text as data, e.unidade_id, e.servicos,
              (select array_agg(x.data::text order by x.data) from entregues x
                where x.pet_id = e.pet_id and x.n <= 12) as dias,
              (select max(s.intervalo_padrao_dias) from servicos_banho s
                where s.id::text in (select jsonb_array_elements(e.servicos)->>'servicoId')) as padrao
         from entregues e
        where e.n = 1 and e.data <= $2::date
          and not exists (select 1 from lembretes_reagendar r where r.agendamento_id = e.agendamento_id)
          and not exists (
            select 1 from agendamentos f join agendamento_pets fp on fp.agendamento_id = f.id
             where fp.pet_id = e.pet_id and f.status in ('solicitado', 'confirmado', 'em_atendimento', 'pronto')
               and f.data >= $4::date)
        order by e.data
        limit $3`,
      [
        addDays(today, -(MAX_INTERVAL + STALE_AFTER_DAYS)),
        addDays(today, -MIN_INTERVAL),
        BATCH,
        today,
      ],
      "agendamentos_reagendar",
    );
    const owners = await petOwners(
      visits.map((v) => v.pet_id),
      tx,
    );
    let sent = 0;
    for (const v of visits) {
      const intervalo = usualInterval(v.dias) ?? v.padrao ?? FALLBACK_INTERVAL_DAYS;
      const due = addDays(v.data, intervalo);
      if (due > today || addDays(due, STALE_AFTER_DAYS) < today) continue;
      const owner = owners.get(v.pet_id);
      if (!owner) continue;
      // A tutor who turned grooming reminders off gets none (decision 0075); asked again each
      // run, so turning them back on brings the reminder.
      if (await consentRevoked(owner.email, "agendamentos", tx)) continue;
      // The phone's other bookings ahead (a booking made as a guest for the same pet).
      const [ahead] = await runSql<{ one: number }>(
        tx,
        `select 1 as one from agendamentos f join agendamentos last on last.id = $1
          where f.whatsapp_digitos = last.whatsapp_digitos and f.id <> last.id
            and f.status in ('solicitado', 'confirmado') and f.data >= $2::date limit 1`,
        [v.agendamento_id, today],
        "agendamentos_reagendar_futuro",
      );
      if (ahead) continue;
      const inserted = await runSql<{ id: string }>(
        tx,
        `insert into lembretes_reagendar (agendamento_id, pet_id, enviado_em) values ($1, $2, $3)
         on conflict (agendamento_id) do nothing returning id`,
        [v.agendamento_id, v.pet_id, at],
        "lembretes_reagendar_insere",
      );
      if (inserted.length === 0) continue;
      await emit(tx, {
        tipo: "agendamento.reagendar",
        resourceType: "agendamento",
        resourceId: v.agendamento_id,
        emails: [
          {
            tipo: "reagendar_lembrete",
            destinatario: owner.email,
            dados: { petId: v.pet_id, intervalo: String(intervalo) },
          },
        ],
      });
      sent += 1;
    }
    return sent;
  });
}
