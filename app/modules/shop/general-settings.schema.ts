// The general settings form (SPEC §5.7): webhook URLs, the chat number, where new orders are
// e-mailed, and who sells: razão social, CNPJ, contact e-mail and the person in charge of data.
import { z } from "zod";
import { checkbox } from "~/schemas/money-field";
import { isNameText, NAME_CHARS_MESSAGE } from "~/schemas/text";

const optionalUrl = z
  .string({ error: "URL inválida" })
  .trim()
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "URL inválida");

const optionalEmail = z
  .string({ error: "E-mail inválido" })
  .trim()
  .max(254, "E-mail longo demais")
  .refine((value) => value === "" || z.email().safeParse(value).success, "E-mail inválido")
  .optional();

/** A name (of a company or a person) that may be left empty, up to 200 characters. */
const optionalName = (invalid: string, tooLong: string) =>
  z
    .string({ error: invalid })
    .trim()
    .max(200, tooLong)
    .refine((v) => v === "" || isNameText(v), NAME_CHARS_MESSAGE)
    .optional();

export const generalSettingsSchema = z.object({
  webhook_url: optionalUrl,
  webhook_servicos: optionalUrl,
  webhook_curriculos: optionalUrl,
  /** One switch per kind of announcement (orders, grooming requests, resumes). */
  webhook_ativo: checkbox,
  webhook_servicos_ativo: checkbox,
  webhook_curriculos_ativo: checkbox,
  whatsapp_numero: z
    .string({ error: "Número inválido" })
    .trim()
    .refine(
      (value) => value === "" || value.replace(/\D/g, "").length >= 10,
      "Número deve ter pelo menos 10 dígitos",
    )
    .refine((value) => value.replace(/\D/g, "").length <= 13, "Número muito longo"),
  email_novos_pedidos: optionalEmail,
  cnpj: z
    .string({ error: "CNPJ inválido" })
    .trim()
    .refine((value) => value === "" || value.replace(/\D/g, "").length === 14, "CNPJ inválido")
    .optional(),
  /** Who sells (Decreto 7.962/2013): shown in every footer and on the legal pages. */
  razao_social: optionalName("Razão social inválida", "Razão social longa demais"),
  email_contato: optionalEmail,
  encarregado_nome: optionalName("Nome inválido", "Nome longo demais"),
  encarregado_email: optionalEmail,
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;
