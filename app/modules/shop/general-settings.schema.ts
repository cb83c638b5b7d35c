// The general settings form (SPEC §5.7): webhook URLs and the chat number.
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
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;
