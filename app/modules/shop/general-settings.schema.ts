// The general settings form (SPEC §5.7): webhook URLs, the chat number, where new orders are
// e-mailed and the CNPJ the e-mails show.
import { z } from "zod";
import { checkbox } from "~/schemas/money-field";

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
  email_novos_pedidos: z
    .string({ error: "E-mail inválido" })
    .trim()
    .max(254, "E-mail longo demais")
    .refine((value) => value === "" || z.email().safeParse(value).success, "E-mail inválido")
    .optional(),
  cnpj: z
    .string({ error: "CNPJ inválido" })
    .trim()
    .refine((value) => value === "" || value.replace(/\D/g, "").length === 14, "CNPJ inválido")
    .optional(),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;
