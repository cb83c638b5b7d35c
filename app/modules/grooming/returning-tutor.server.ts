// "Já agendou com a gente?" (issue 28): a returning tutor gets their pets back by phone number
// after a one-time code. The code goes to the e-mail of the phone's last booking (we never
// send WhatsApp messages ourselves, and a phone alone proves nothing); the answer is the same
// whether or not the phone is known, so nobody learns who books here. Without an e-mail on
// file the tutor simply types the pet again.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { now as clockNow } from "~/platform/clock.server";
import { db, runSql, transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { checkCode, issueCode } from "~/platform/one-time-codes.server";
import { type BookingPetInput, petCard } from "./bookings.server";
import { agendamentos } from "./tables.server";

const MAX_PETS_OFFERED = 8;
/**
 * Asking for a code answers after at least this long, known phone or not: a known phone's
 * writes (the code, its e-mail) take a few milliseconds more than an unknown phone's one read,
 * and the time of the answer must not tell who books here.
 */
export const CODE_ANSWER_FLOOR_MS = 400;

export const CODE_SENT =
  "Se este WhatsApp já agendou com um e-mail, enviamos um código de 6 dígitos para esse e-mail. Ele vale por 10 minutos.";
export const CODE_INVALID = "Código inválido ou vencido. Confira o e-mail ou peça outro código.";

const digits = (phone: string) => phone.replace(/\D/g, "");

/** Whether a phone as typed is worth a lookup (10 to 13 digits). */
export function plausiblePhone(phone: string): boolean {
  const n = digits(phone).length;
  return n >= 10 && n <= 13;
}

/**
 * Sends a code to the e-mail of the phone's last booking, if it has one; a new code replaces
 * the ones before. Returns whether a code went out (for tests; the page says the same either way).
 */
export async function sendTutorCode(
  whatsapp: string,
  options: { now?: Date; origem?: string | null } = {},
): Promise<boolean> {
  const at = options.now ?? clockNow();
  const phone = digits(whatsapp);
  return transaction(async (tx) => {
    const [last] = await tx
      .select({ email: agendamentos.email })
      .from(agendamentos)
      .where(
        and(
          eq(agendamentos.whatsappDigitos, phone),
          isNotNull(agendamentos.email),
          eq(agendamentos.origem, "online"),
        ),
      )
      .orderBy(desc(agendamentos.createdAt))
      .limit(1);
    if (!last?.email) return false;
    const issued = await issueCode(tx, "tutor", phone, at);
    await emit(tx, {
      tipo: "codigo_tutor.solicitado",
      resourceType: "codigo_tutor",
      resourceId: issued.id,
      emails: [
        {
          tipo: "codigo_tutor",
          destinatario: last.email,
          dados: { codigo: issued.code },
          origem: options.origem ?? null,
        },
      ],
    });
    return true;
  });
}

/** A pet as it was last booked, to fill the form again. */
type ReturningPet = BookingPetInput;

export interface ReturningTutor {
  nomeTutor: string;
  whatsapp: string;
  email: string | null;
  unidadeId: string;
  pets: ReturningPet[];
}

/**
 * Checks a code (one use, 10 minutes, 5 tries, under the row's lock so two tries at once
 * count twice) and gives the tutor's pets back: each pet once, as it was last booked.
 */
export async function verifyTutorCode(
  whatsapp: string,
  code: string,
  options: { now?: Date } = {},
): Promise<ReturningTutor | null> {
  const at = options.now ?? clockNow();
  const phone = digits(whatsapp);
  const valid = await checkCode("tutor", phone, code, at);
  return valid ? returningTutor(phone) : null;
}

async function returningTutor(phone: string): Promise<ReturningTutor | null> {
  const [last] = await db()
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.whatsappDigitos, phone))
    .orderBy(desc(agendamentos.createdAt))
    .limit(1);
  if (!last) return null;
  const pets = await runSql<
    Omit<BookingPetInput, "servicoIds"> & { servicos: { servicoId: string }[] }
  >(
    db(),
    `select * from (
       select distinct on (p.nome_chave) p.nome, p.especie, p.raca, p.porte, p.pelagem,
              p.alertas, p.servicos, a.created_at
         from agendamentos a join agendamento_pets p on p.agendamento_id = a.id
        where a.whatsapp_digitos = $1
        order by p.nome_chave, a.created_at desc
     ) pets order by created_at desc limit $2`,
    [phone, MAX_PETS_OFFERED],
    "agenda_pets_do_tutor",
  );
  return {
    nomeTutor: last.nomeTutor,
    whatsapp: last.whatsapp,
    email: last.email,
    unidadeId: last.unidadeId,
    pets: pets.map((p) => ({
      ...petCard(p),
      servicoIds: p.servicos.map((s) => s.servicoId),
    })),
  };
}
