// The grooming plans' e-mails (issue 45, decision 0087): a package about to expire with
// sessions left, and "hora do próximo banho" with the booking form filled in. Each is read as
// it is when the worker renders it: a package used up meanwhile, or a pet booked meanwhile,
// sends nothing.
import { Text } from "@react-email/components";
import { eq } from "drizzle-orm";
import { formatIsoDate } from "~/domain/dates";
import { consentFooter, consentRevoked } from "~/modules/customers/index.server";
import { type Composer, MailButton, mailFor, mailStyles } from "~/modules/mail/index.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, runSql } from "~/platform/db/client.server";
import { shopDayOf } from "./booking-rules";
import { petsOf } from "./bookings.server";
import { agendamentos, pacotesPet } from "./tables.server";

const PLAN_EMAIL_KINDS = ["pacote_vencendo", "reagendar_lembrete"] as const;
type PlanEmailKind = (typeof PLAN_EMAIL_KINDS)[number];

/** The booking form's address filled in from a delivered booking's pet (GET fields). */
function rebookPath(
  booking: { unidadeId: string; nomeTutor: string; whatsapp: string; email: string | null },
  pet: {
    nome: string;
    especie: string;
    raca: string | null;
    porte: string;
    pelagem: string;
    petId: string | null;
    servicos: { servicoId: string }[];
  },
): string {
  const q = new URLSearchParams({
    unidade: booking.unidadeId,
    pets: "1",
    pet0_nome: pet.nome,
    pet0_especie: pet.especie,
    pet0_raca: pet.raca ?? "",
    pet0_porte: pet.porte,
    pet0_pelagem: pet.pelagem,
    nomeTutor: booking.nomeTutor,
    whatsapp: booking.whatsapp,
    email: booking.email ?? "",
  });
  if (pet.petId) q.set("pet0_id", pet.petId);
  for (const s of pet.servicos) q.append("pet0_servico", s.servicoId);
  return `/servicos/agendar?${q}`;
}

export const composePlanEmail: Composer = async (row) => {
  const kind = row.tipo as PlanEmailKind;
  if (!PLAN_EMAIL_KINDS.includes(kind) || !row.resourceId) return null;
  if (await consentRevoked(row.destinatario, "agendamentos")) return null;
  const { origin, compose } = await mailFor(row, null);
  const revogar = consentFooter(origin, row.destinatario, "agendamentos");
  const frame = {
    revogar,
    motivo: "Você recebeu este e-mail porque tem pets cadastrados na sua conta da Agropet Litoral.",
  };
  if (kind === "pacote_vencendo") {
    const [pacote] = await db().select().from(pacotesPet).where(eq(pacotesPet.id, row.resourceId));
    if (!pacote || pacote.usadas >= pacote.sessoes) return null;
    if (pacote.validoAte < shopDayOf(clockNow())) return null;
    const restantes = pacote.sessoes - pacote.usadas;
    const assunto = `Seu ${pacote.nome} vence em ${formatIsoDate(pacote.validoAte)}`;
    return compose(
      { ...frame, assunto },
      <>
        <Text style={mailStyles.heading}>{assunto}</Text>
        <Text style={mailStyles.text}>
          Ainda {restantes === 1 ? "resta 1 sessão" : `restam ${restantes} sessões`} do pacote,
          válido até {formatIsoDate(pacote.validoAte)}. Agende para não perder.
        </Text>
        <MailButton href={`${origin}/servicos/agendar`} label="Agendar banho e tosa" />
      </>,
    );
  }
  const [booking] = await db()
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.id, row.resourceId));
  const petId = row.dados?.petId;
  if (!booking || !petId) return null;
  // Booked meanwhile: nothing to remind.
  const [ahead] = await runSql<{ one: number }>(
    db(),
    `select 1 as one from agendamentos f join agendamento_pets p on p.agendamento_id = f.id
      where p.pet_id = $1 and f.status in ('solicitado', 'confirmado') and f.inicio > $2 limit 1`,
    [petId, clockNow()],
    "reagendar_composer_futuro",
  );
  if (ahead) return null;
  const pet = (await petsOf(db(), booking.id)).find((p) => p.petId === petId);
  if (!pet) return null;
  const assunto = `Hora do próximo banho de ${pet.nome}`;
  const href = `${origin}${rebookPath(booking, pet)}`;
  return compose(
    { ...frame, assunto },
    <>
      <Text style={mailStyles.heading}>{assunto}</Text>
      <Text style={mailStyles.text}>
        O último banho de {pet.nome} foi em {formatIsoDate(booking.data)}: costuma ser a cada{" "}
        {row.dados?.intervalo ?? "30"} dias. O agendamento já vem preenchido, é só escolher o
        horário.
      </Text>
      <MailButton href={href} label="Agendar o próximo banho" copy />
    </>,
  );
};
