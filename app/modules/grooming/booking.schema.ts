// The public booking form (/servicos/agendar, issue 28): one to four pets, each with its
// services, then the drop-off and the contact. Plain fields, so the page works without
// JavaScript: pet <i>'s fields are `pet<i>_nome`, `pet<i>_porte`…, its services repeated
// `pet<i>_servico` checkboxes. The server checks everything again (capacity, window, prices).
import { z } from "zod";
import { checkbox, optionalText } from "~/schemas/money-field";
import { lineText, nameText } from "~/schemas/text";
import { isDay, isTime } from "./booking-rules";
import { ESPECIES, PELAGENS, PORTES } from "./booking-vocabulary";

export const MAX_PETS = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const petSchema = z.object({
  nome: nameText("Informe o nome do pet", 1, 60),
  especie: z.enum(ESPECIES, { message: "Escolha cão ou gato" }),
  raca: optionalText(60, "Use no máximo 60 caracteres").pipe(lineText().nullable()),
  porte: z.enum(PORTES, { message: "Escolha o porte" }),
  pelagem: z.enum(PELAGENS, { message: "Escolha a pelagem" }),
  alertas: optionalText(200, "Use no máximo 200 caracteres").pipe(lineText().nullable()),
  servicoIds: z
    .array(z.string().regex(UUID, "Serviço inválido"))
    .min(1, "Escolha ao menos um serviço")
    .max(8, "Serviços demais"),
  /** The signed-in customer's pet the form was filled from (anything else: none). */
  petId: z
    .string()
    .optional()
    .transform((v) => (v && UUID.test(v) ? v : null)),
});

const WHATSAPP = "Informe seu WhatsApp com DDD";

const contactSchema = z
  .object({
    unidadeId: z.string({ error: "Escolha a unidade" }).regex(UUID, "Escolha a unidade"),
    data: z.string({ error: "Escolha o dia" }).refine(isDay, "Escolha o dia"),
    horario: z.string({ error: "Escolha o horário" }).refine(isTime, "Escolha o horário"),
    nomeTutor: nameText("Informe seu nome", 2, 120),
    whatsapp: z
      .string({ error: WHATSAPP })
      .trim()
      .max(30, "Telefone inválido")
      .refine((v) => /^[\d\s+().-]*$/.test(v) && v.replace(/\D/g, "").length >= 10, WHATSAPP)
      .refine((v) => v.replace(/\D/g, "").length <= 13, "Telefone inválido"),
    email: z
      .string()
      .trim()
      .max(200, "E-mail inválido")
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || z.email().safeParse(v).success, "E-mail inválido"),
    levaTraz: checkbox,
    endereco: optionalText(200, "Use no máximo 200 caracteres").pipe(lineText().nullable()),
    bairro: optionalText(80, "Use no máximo 80 caracteres").pipe(lineText().nullable()),
    observacoes: optionalText(500, "Use no máximo 500 caracteres"),
  })
  .superRefine((v, ctx) => {
    if (!v.levaTraz) return;
    if (!v.endereco) {
      ctx.addIssue({
        code: "custom",
        path: ["endereco"],
        message: "Informe o endereço para buscarmos o pet",
      });
    }
    if (!v.bairro) ctx.addIssue({ code: "custom", path: ["bairro"], message: "Informe o bairro" });
  });

/** How many pet fieldsets the form shows (`pets`, 1 to MAX_PETS). */
function petCount(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PETS ? n : 1;
}

/** The form's fields (one value each, the services as lists) from a FormData or a query. */
export function readBookingFields(form: URLSearchParams | FormData) {
  // "Adicionar outro pet" sends its own, larger `pets` next to the hidden one.
  const count = petCount(
    String(Math.max(0, ...form.getAll("pets").map(Number).filter(Number.isFinite))),
  );
  const pets = Array.from({ length: count }, (_, i) => ({
    nome: form.get(`pet${i}_nome`)?.toString() ?? "",
    especie: form.get(`pet${i}_especie`)?.toString() ?? "",
    raca: form.get(`pet${i}_raca`)?.toString() ?? "",
    porte: form.get(`pet${i}_porte`)?.toString() ?? "",
    pelagem: form.get(`pet${i}_pelagem`)?.toString() ?? "",
    alertas: form.get(`pet${i}_alertas`)?.toString() ?? "",
    servicoIds: form.getAll(`pet${i}_servico`).map(String),
    petId: form.get(`pet${i}_id`)?.toString() ?? "",
  }));
  const one = (name: string) => form.get(name)?.toString() ?? "";
  return {
    count,
    pets,
    /** The photo quote's signed link, carried through the steps. */
    orcamento: { numero: one("orcamento"), chave: one("chave") },
    /** The form's one-time key (a submit sent twice books once); made when the page is drawn. */
    envio: /^[\w-]{16,64}$/.test(one("envio")) ? one("envio") : "",
    contact: {
      unidadeId: one("unidade"),
      data: one("data"),
      horario: one("horario"),
      nomeTutor: one("nomeTutor"),
      whatsapp: one("whatsapp"),
      email: one("email"),
      levaTraz: one("levaTraz"),
      endereco: one("endereco"),
      bairro: one("bairro"),
      observacoes: one("observacoes"),
    },
  };
}

export type BookingFields = ReturnType<typeof readBookingFields>;

/** Field errors keyed as the form names them (`pet0_nome`, `whatsapp`…). */
export type BookingErrors = Record<string, string>;

/** The pets alone (what the slot picker needs), or their errors. */
export function parsePets(fields: BookingFields) {
  const errors: BookingErrors = {};
  const pets = fields.pets.map((raw, i) => {
    const parsed = petSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = `pet${i}_${String(issue.path[0] === "servicoIds" ? "servico" : issue.path[0])}`;
      errors[key] ??= issue.message;
    }
    return null;
  });
  return { pets, errors };
}

/** The whole booking, or its errors. */
export function parseBooking(fields: BookingFields) {
  const { pets, errors } = parsePets(fields);
  const contact = contactSchema.safeParse(fields.contact);
  if (!contact.success) {
    for (const issue of contact.error.issues) {
      const key = String(issue.path[0]);
      errors[key === "unidadeId" ? "unidade" : key] ??= issue.message;
    }
  }
  if (!contact.success || pets.some((p) => p === null)) return { ok: false as const, errors };
  return {
    ok: true as const,
    input: { ...contact.data, pets: pets as NonNullable<(typeof pets)[number]>[] },
  };
}
