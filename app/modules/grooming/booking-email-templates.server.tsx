// The grooming e-mails' words and looks (react-email, pt-BR) and the worker's composer for
// them: it reads the booking as it is when the message is rendered (so a reminder of a
// booking cancelled meanwhile is not sent) and links to its status page.
import { Link, Section, Text } from "@react-email/components";
import { eq } from "drizzle-orm";
import { formatBRL } from "~/domain/money";
import { consentFooter, consentRevoked } from "~/modules/customers/index.server";
import { type Composer, mailFor, mailStyles } from "~/modules/mail/index.server";
import { bookingCounterPayments } from "~/modules/payments/index.server";
import { getUnit, type Unidade } from "~/modules/shop/index.server";
import { db } from "~/platform/db/client.server";
import { GROOMING_EMAIL_KINDS, type GroomingEmailKind } from "./booking-email-kinds";
import { dayLabel } from "./booking-rules";
import { bookingLinkToken } from "./booking-token.server";
import { PORTE_LABEL, STATUS_AGENDAMENTO_LABEL } from "./booking-vocabulary";
import { petsOf } from "./bookings.server";
import { bookingCardView } from "./card-payment.server";
import { bookingPixView } from "./online-payment.server";
import { type Agendamento, type AgendamentoPet, agendamentos } from "./tables.server";

const SUBJECT: Record<GroomingEmailKind, (numero: string) => string> = {
  agendamento_recebido: (n) => `Banho e tosa agendado: ${n}`,
  agendamento_confirmado: (n) => `Banho e tosa confirmado: ${n}`,
  agendamento_reagendado: (n) => `Banho e tosa remarcado: ${n}`,
  agendamento_pronto: (n) => `Pronto para buscar: ${n}`,
  agendamento_cancelado: (n) => `Banho e tosa cancelado: ${n}`,
  agendamento_lembrete: (n) => `Lembrete: banho e tosa amanhã (${n})`,
  codigo_tutor: () => "Seu código para agendar banho e tosa",
};

/** The kinds that say nothing once the booking no longer holds its place. */
const ONLY_WHILE_BOOKED: readonly GroomingEmailKind[] = [
  "agendamento_recebido",
  "agendamento_confirmado",
  "agendamento_reagendado",
  "agendamento_lembrete",
];

function petNames(pets: readonly AgendamentoPet[]): string {
  const names = pets.map((p) => p.nome);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} e ${names.at(-1)}` : (names[0] ?? "");
}

interface BookingMail {
  kind: GroomingEmailKind;
  booking: Agendamento;
  pets: AgendamentoPet[];
  unidade: Unidade | null;
  link: string | null;
  motivo: string | null;
  /** "Pronto para buscar" of a booking the tutor can still pay online (decision 0088). */
  /** "Pix" or "Pix ou cartão" (decision 0091): what the status page offers to pay online. */
  pagarOnline?: string | null;
}

function BookingBody({ mail }: { mail: BookingMail }) {
  const { booking: a, pets, unidade } = mail;
  const quando = `${dayLabel(a.data)} às ${a.horario}`;
  const lugar = unidade ? `${unidade.nome} (${unidade.endereco}, ${unidade.bairro})` : "";
  const heading: Record<GroomingEmailKind, string> = {
    agendamento_recebido:
      a.status === "solicitado"
        ? `Recebemos o agendamento de ${petNames(pets)}`
        : `${petNames(pets)} está agendado(a)`,
    agendamento_confirmado: `Agendamento de ${petNames(pets)} confirmado`,
    agendamento_reagendado: `Agendamento de ${petNames(pets)} remarcado`,
    agendamento_pronto: `${petNames(pets)} ${pets.length > 1 ? "estão prontos" : "está pronto(a)"} para buscar`,
    agendamento_cancelado: `Agendamento de ${petNames(pets)} cancelado`,
    agendamento_lembrete: `Lembrete: banho e tosa de ${petNames(pets)} amanhã`,
    codigo_tutor: "",
  };
  return (
    <>
      <Text style={mailStyles.heading}>{heading[mail.kind]}</Text>
      {mail.kind === "agendamento_pronto" ? (
        <Text style={mailStyles.text}>
          Pode vir buscar na {lugar || "loja"}.
          {a.levaTraz ? " Como você pediu leva e traz, já vamos levar até você." : ""}
        </Text>
      ) : mail.kind === "agendamento_cancelado" ? (
        <Text style={mailStyles.text}>
          O horário de {quando} foi cancelado.{mail.motivo ? ` Motivo: ${mail.motivo}` : ""}
        </Text>
      ) : (
        <Text style={mailStyles.text}>
          Deixar o pet: <strong>{quando}</strong>
          {lugar ? ` na ${lugar}` : ""}.
          {a.status === "solicitado" && mail.kind === "agendamento_recebido"
            ? " A equipe confirma o horário em breve."
            : ""}
          {a.levaTraz ? " Leva e traz: buscamos o pet no endereço informado." : ""}
        </Text>
      )}
      <Section style={mailStyles.box}>
        {pets.map((p) => (
          <Text key={p.id} style={mailStyles.cell}>
            {p.nome} ({PORTE_LABEL[p.porte]}): {p.servicos.map((s) => s.nome).join(", ")} —{" "}
            {formatBRL(p.preco)}
          </Text>
        ))}
        <Text style={{ ...mailStyles.cell, fontWeight: 700 }}>
          {a.precoFinal !== null ? "Preço" : "Preço estimado"}:{" "}
          {formatBRL(a.precoFinal ?? a.precoEstimado)}
        </Text>
        <Text style={mailStyles.muted}>
          Agendamento {a.numero} · {STATUS_AGENDAMENTO_LABEL[a.status]}
        </Text>
      </Section>
      {mail.link ? (
        <Section style={{ margin: "8px 0 16px" }}>
          <Link
            href={mail.pagarOnline ? `${mail.link}#pagar` : mail.link}
            style={mailStyles.button}
          >
            {mail.pagarOnline
              ? `Pagar com ${mail.pagarOnline} ou acompanhar`
              : "Acompanhar o agendamento"}
          </Link>
        </Section>
      ) : null}
      {mail.link &&
      (mail.kind === "agendamento_lembrete" || mail.kind === "agendamento_recebido") ? (
        <Text style={mailStyles.muted}>
          Precisa mudar? Reagende ou cancele pela página do agendamento até o prazo de cancelamento.
        </Text>
      ) : null}
    </>
  );
}

/**
 * The mail worker's composer for grooming: null when there is nothing to send any more (the
 * booking is gone, or a reminder or confirmation of a booking cancelled meanwhile).
 */
export const composeGroomingEmail: Composer = async (row) => {
  const kind = row.tipo as GroomingEmailKind;
  if (!GROOMING_EMAIL_KINDS.includes(kind)) return null;
  if (kind === "codigo_tutor") {
    const codigo = row.dados?.codigo;
    if (!codigo) return null;
    const { compose } = await mailFor(row, null);
    return compose(
      {
        assunto: SUBJECT[kind](""),
        preview: `Código ${codigo}`,
        motivo:
          "Você recebeu este e-mail porque alguém pediu, no agendamento de banho e tosa do site, os pets deste WhatsApp. Se não foi você, ignore: sem o código nada é mostrado.",
      },
      <>
        <Text style={mailStyles.heading}>Seu código: {codigo}</Text>
        <Text style={mailStyles.text}>
          Digite este código na página de agendamento para ver seus pets. Ele vale por 10 minutos.
        </Text>
      </>,
    );
  }
  if (row.resourceType !== "agendamento" || !row.resourceId) return null;
  const [booking] = await db()
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.id, row.resourceId));
  if (!booking) return null;
  const cancelled = booking.status === "cancelado" || booking.status === "nao_compareceu";
  if (cancelled && ONLY_WHILE_BOOKED.includes(kind)) return null;
  // The tutor's account turned booking reminders off (decision 0075): the other booking
  // e-mails answer something they did or the staff changed, and still go.
  if (kind === "agendamento_lembrete" && (await consentRevoked(row.destinatario, "agendamentos")))
    return null;
  const pets = await petsOf(db(), booking.id);
  const unidade = await getUnit(booking.unidadeId);
  const { origin, compose } = await mailFor(row, unidade ?? null);
  const token = bookingLinkToken(booking);
  const link = token
    ? `${origin}/servicos/agendamento/${booking.numero}?token=${encodeURIComponent(token)}`
    : null;
  const mail: BookingMail = {
    kind,
    booking,
    pets,
    unidade: unidade ?? null,
    link,
    motivo: row.dados?.motivo ?? null,
    pagarOnline: kind === "agendamento_pronto" && link !== null ? await onlineOffer(booking) : null,
  };
  return compose(
    {
      assunto: SUBJECT[kind](booking.numero),
      motivo: "Você recebeu este e-mail porque informou este endereço ao agendar banho e tosa.",
      revogar: consentFooter(origin, row.destinatario, "agendamentos"),
    },
    <BookingBody mail={mail} />,
  );
};

/** What the "Pronto para buscar" e-mail offers to pay online, if anything. */
async function onlineOffer(booking: Agendamento): Promise<string | null> {
  const paid = (await bookingCounterPayments([booking.id])).get(booking.id);
  if ((await bookingPixView(booking, Boolean(paid))) === null) return null;
  return (await bookingCardView(booking, paid)) ? "Pix ou cartão" : "Pix";
}
