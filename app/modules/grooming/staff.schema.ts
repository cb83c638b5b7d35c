// The forms of the staff's grooming agenda (/admin/servicos/agenda): a status button, the
// check-in (each pet's size and coat, the final price) and a walk-in at the counter.
import { z } from "zod";
import { checkbox, moneyField, optionalMoneyField } from "~/schemas/money-field";
import { counterPaymentFields, handOverPayment } from "~/schemas/status";
import { lineText, nameText } from "~/schemas/text";
import { isDay, isTime } from "./booking-rules";
import { ESPECIES, PELAGENS, PORTES, STATUS_AGENDAMENTO } from "./booking-vocabulary";

const uuid = z.string().regex(/^[0-9a-f-]{36}$/i, "Agendamento inválido");

/** The groomer picked in a form: empty leaves the booking unassigned. */
const groomerField = z
  .string()
  .trim()
  .refine((v) => v === "" || /^[0-9a-f-]{36}$/i.test(v), "Tosador inválido")
  .transform((v) => v || null);

/** "Tosador" on a booking's card: who takes it (empty: nobody yet). */
export const assignGroomerSchema = z.object({ id: uuid, tosadorId: groomerField });

/** The largest final price a check-in takes (R$ 10.000,00): a typo of extra zeros is refused. */
const MAX_CHECKIN_PRICE = 1_000_000;
const CHECKIN_PRICE_INVALID =
  "Preço final inválido: digite o valor em reais, por exemplo 80,00 (até R$ 10.000,00)";
const finalPrice = optionalMoneyField(CHECKIN_PRICE_INVALID).refine(
  (v) => v === null || (v > 0 && v <= MAX_CHECKIN_PRICE),
  CHECKIN_PRICE_INVALID,
);

/**
 * How the tutor paid at the counter (decision 0078), with "Entregue" or alone: the shared
 * payment fields, and the final price of a booking that never went through check-in.
 */
const paymentShape = { ...counterPaymentFields, precoFinal: finalPrice };
const withPayment = <T extends { precoFinal: number | null }>(
  data: T & Parameters<typeof handOverPayment>[0],
) => ({ ...data, pagamento: handOverPayment(data), precoFinal: data.precoFinal });

export const bookingStatusSchema = z
  .object({
    id: uuid,
    status: z.enum(STATUS_AGENDAMENTO, { message: "Status inválido" }),
    ...paymentShape,
  })
  .transform(withPayment);

export const bookingPaymentSchema = z.object({ id: uuid, ...paymentShape }).transform(withPayment);

/** The check-in: `precoFinal`, and `porte_<petId>` / `pelagem_<petId>` for each pet. */
export function parseCheckIn(fields: Record<string, string>) {
  const base = z
    .object({
      id: uuid,
      precoFinal: finalPrice,
    })
    .safeParse(fields);
  if (!base.success) return { ok: false as const, message: base.error.issues[0]!.message };
  // Absent: the form had no groomer field (a person who may not assign), the groomer stays.
  let tosadorId: string | null | undefined;
  if (fields.tosadorId !== undefined) {
    const groomer = groomerField.safeParse(fields.tosadorId);
    if (!groomer.success) return { ok: false as const, message: "Tosador inválido" };
    tosadorId = groomer.data;
  }
  const pets: { id: string; porte: (typeof PORTES)[number]; pelagem: (typeof PELAGENS)[number] }[] =
    [];
  for (const [key, value] of Object.entries(fields)) {
    const m = /^porte_([0-9a-f-]{36})$/i.exec(key);
    if (!m) continue;
    const porte = z.enum(PORTES).safeParse(value);
    const pelagem = z.enum(PELAGENS).safeParse(fields[`pelagem_${m[1]}`]);
    if (!porte.success || !pelagem.success) {
      return { ok: false as const, message: "Porte ou pelagem inválidos" };
    }
    pets.push({ id: m[1]!, porte: porte.data, pelagem: pelagem.data });
  }
  return {
    ok: true as const,
    id: base.data.id,
    input: { pets, precoFinal: base.data.precoFinal, tosadorId },
  };
}

export const walkInSchema = z.object({
  unidadeId: uuid,
  data: z.string().refine(isDay, "Data inválida"),
  horario: z.string().refine(isTime, "Horário inválido"),
  nomeTutor: nameText("Informe o nome do tutor", 2, 120),
  whatsapp: z
    .string()
    .trim()
    .refine(
      (v) => /^[\d\s+().-]*$/.test(v) && v.replace(/\D/g, "").length >= 10,
      "Informe o WhatsApp com DDD",
    ),
  nome: nameText("Informe o nome do pet", 1, 60),
  especie: z.enum(ESPECIES, { message: "Escolha a espécie" }),
  raca: lineText()
    .optional()
    .transform((v) => v || null),
  porte: z.enum(PORTES, { message: "Escolha o porte" }),
  pelagem: z.enum(PELAGENS, { message: "Escolha a pelagem" }),
  alertas: lineText()
    .optional()
    .transform((v) => v || null),
  servicoIds: z.array(uuid).min(1, "Escolha ao menos um serviço"),
  tosadorId: groomerField.optional(),
  acima: checkbox,
});

/** The staff's answer to a photo quote: the size they saw, the services and the price. */
export const quoteLinkSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/i, "Pedido não encontrado"),
  precoOrcado: moneyField("Informe o preço do orçamento", "Preço inválido").refine(
    (v) => v > 0 && v <= 10_000_00,
    "Preço inválido",
  ),
  porte: z.enum(PORTES, { message: "Escolha o porte que as fotos mostram" }),
  servicoIds: z
    .array(z.string().regex(/^[0-9a-f-]{36}$/i, "Serviço inválido"))
    .min(1, "Escolha os serviços do orçamento")
    .max(8, "Serviços demais"),
});

/** The staff's "Remarcar": another unit, day and drop-off time. */
export const staffRescheduleSchema = z.object({
  id: uuid,
  unidadeId: z.string().regex(/^[0-9a-f-]{36}$/i, "Escolha a unidade"),
  data: z.string().refine(isDay, "Escolha o dia"),
  horario: z.string().refine(isTime, "Escolha o horário (HH:MM)"),
  acima: checkbox,
});
