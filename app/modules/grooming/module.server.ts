// The grooming module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const groomingModule = defineModule({
  name: "grooming",
  backup: {
    pedidos_servicos: "data",
    servicos_banho: "data",
    servicos_banho_precos: "data",
    agendas_banho: "data",
    agendas_banho_fechadas: "data",
    agendamentos: "data",
    agendamento_pets: "data",
    codigos_tutor: "data",
  },
  rateLimits: [
    {
      operation: "form:orcamento",
      label: "Orçamentos de banho e tosa",
      rule: { max: 8, windowMs: HOUR, blockMs: HOUR },
    },
    // Every "Confirmar agendamento" (valid or not): a family books a few pets, a script is stopped.
    {
      operation: "form:agendamento",
      label: "Agendamentos de banho e tosa",
      rule: { max: 20, windowMs: HOUR, blockMs: HOUR },
    },
    // "Já agendou?": codes sent by e-mail per IP and per phone (a stranger cannot flood the
    // tutor's inbox), and codes tried per IP (each code also dies after 5 wrong tries).
    {
      operation: "codigo_tutor_ip",
      label: "Códigos de banho e tosa pedidos (IP)",
      rule: { max: 6, windowMs: HOUR, blockMs: HOUR },
    },
    {
      operation: "codigo_tutor_whatsapp",
      label: "Códigos de banho e tosa pedidos (WhatsApp)",
      rule: { max: 3, windowMs: HOUR, blockMs: HOUR },
    },
    {
      operation: "codigo_tutor_tentativa",
      label: "Códigos de banho e tosa digitados",
      rule: { max: 15, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
    },
  ],
});
