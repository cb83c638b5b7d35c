// The grooming module's declaration of what it adds to the shared machinery (decision 0059).

import { defineEmail } from "~/modules/mail/index.server";
import { defineModule, HOUR_MS, MINUTE_MS, rateLimit } from "~/platform/module.server";
import type { GroomingEmailKind } from "./booking-email-kinds";
import { composeGroomingEmail } from "./booking-email-templates.server";
import { releaseUnconfirmedBookings, sendDueReminders } from "./bookings.server";
import { syncOpenBookingCards, syncOpenPackageCards } from "./card-payment.server";
import { attachBookedPets, moveBookedPetLinks } from "./customer-pets.server";
import { bookingChargeMoved } from "./online-payment.server";
import { packageChargeMoved } from "./package-purchase.server";
import { remindExpiringPackages } from "./packages.server";
import { groomingPersonalData } from "./personal-data.server";
import { composePlanEmail } from "./plan-emails.server";
import { sendRebookReminders } from "./rebook.server";

/** A grooming e-mail to the tutor: every kind is rendered by the grooming composer. */
const tutorEmail = (kind: GroomingEmailKind, label: string) =>
  defineEmail({ kind, label, recipient: "cliente", compose: composeGroomingEmail });

/** The grooming plans' e-mails (decision 0087), rendered by their own composer. */
const planEmail = (kind: "pacote_vencendo" | "reagendar_lembrete", label: string) =>
  defineEmail({ kind, label, recipient: "cliente", compose: composePlanEmail });

export const groomingModule = defineModule({
  name: "grooming",
  jobs: [
    {
      // Bookings the staff did not confirm in time free their places; then tomorrow's reminders.
      id: "grooming.release-unconfirmed",
      label: "Liberação de agendamentos não confirmados e lembretes do dia seguinte",
      intervalMs: 5 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => {
        const liberados = await releaseUnconfirmedBookings();
        return { liberados, lembretes: await sendDueReminders() };
      },
    },
    {
      // Card payments of bookings and packages whose notification was lost (0091, 0092).
      id: "grooming.card-sync",
      label: "Conciliação dos pagamentos com cartão do banho e tosa",
      intervalMs: 5 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => ({
        conferidos: await syncOpenBookingCards(),
        pacotes: await syncOpenPackageCards(),
      }),
    },
    {
      // Packages ending within a week with sessions left, then "hora do próximo banho".
      id: "grooming.plans",
      label: "Pacotes de banho a vencer e lembretes do próximo banho",
      intervalMs: 60 * 60_000,
      timeoutMs: 5 * 60_000,
      run: async () => ({
        pacotes: await remindExpiringPackages(),
        reagendar: await sendRebookReminders(),
      }),
    },
  ],
  subscribers: [
    // A verified e-mail's guest bookings attach their pets to the account (issue 42).
    {
      name: "grooming.attach-booked-pets",
      events: ["cliente.email_verificado"],
      handle: attachBookedPets,
    },
    // "Juntar pets": the bookings follow the pet the merged record went into.
    { name: "grooming.move-pet-links", events: ["pet.mesclado"], handle: moveBookedPetLinks },
    // A booking's online charge moved (webhook, reconciliation): audited on the booking.
    {
      name: "grooming.booking-charge",
      events: ["agendamento.pagamento"],
      handle: bookingChargeMoved,
    },
    // A package bought online was paid: active once (decision 0091).
    {
      name: "grooming.package-charge",
      events: ["pacote_banho.pagamento"],
      handle: packageChargeMoved,
    },
  ],
  emails: [
    tutorEmail("agendamento_recebido", "Banho e tosa: agendamento feito"),
    tutorEmail("agendamento_confirmado", "Banho e tosa: confirmado"),
    tutorEmail("agendamento_reagendado", "Banho e tosa: remarcado"),
    tutorEmail("agendamento_pronto", "Banho e tosa: pronto para buscar"),
    tutorEmail("agendamento_cancelado", "Banho e tosa: cancelado"),
    tutorEmail("agendamento_lembrete", "Banho e tosa: lembrete do dia anterior"),
    tutorEmail("codigo_tutor", "Banho e tosa: código para ver os pets"),
    planEmail("pacote_vencendo", "Banho e tosa: pacote vence em 7 dias"),
    planEmail("reagendar_lembrete", "Banho e tosa: hora do próximo banho"),
  ],
  backup: {
    pedidos_servicos: "data",
    servicos_banho: "data",
    servicos_banho_precos: "data",
    agendas_banho: "data",
    agendas_banho_fechadas: "data",
    agendamentos: "data",
    agendamento_pets: "data",
    series_agendamento: "data",
    pacotes_banho: "data",
    pacotes_pet: "data",
    pacote_usos: "data",
    lembretes_reagendar: "data",
  },
  rateLimits: [
    rateLimit("form:orcamento", "Orçamentos de banho e tosa", 8, HOUR_MS),
    // Every "Confirmar agendamento" (valid or not): a family books a few pets, a script is stopped.
    rateLimit("form:agendamento", "Agendamentos de banho e tosa", 20, HOUR_MS),
    // "Já agendou?": codes sent by e-mail per IP and per phone (a stranger cannot flood the
    // tutor's inbox), and codes tried per IP (each code also dies after 5 wrong tries).
    rateLimit("codigo_tutor_ip", "Códigos de banho e tosa pedidos (IP)", 6, HOUR_MS),
    rateLimit("codigo_tutor_whatsapp", "Códigos de banho e tosa pedidos (WhatsApp)", 3, HOUR_MS),
    rateLimit("codigo_tutor_tentativa", "Códigos de banho e tosa digitados", 15, 15 * MINUTE_MS),
  ],
  personalData: groomingPersonalData,
});
