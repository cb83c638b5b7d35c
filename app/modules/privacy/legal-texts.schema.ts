// The admin's legal pages form (/admin/privacidade): the three texts in Markdown and how many
// months resumes and grooming photos are kept, and how many days sent e-mails' and webhooks'
// contents are.
import { z } from "zod";

const LEGAL_TEXT_MAX = 40_000;

const legalText = z
  .string({ error: "Escreva o texto da página" })
  .trim()
  .min(1, "Escreva o texto da página (ou use o texto padrão)")
  .max(LEGAL_TEXT_MAX, "Texto longo demais (máximo de 40.000 caracteres)");

export const legalTextsSchema = z.object({
  texto_privacidade: legalText,
  texto_trocas: legalText,
  texto_termos: legalText,
  retencao_meses: z
    .string({ error: "Informe o prazo em meses" })
    .trim()
    .regex(/^\d{1,3}$/, "Informe o prazo em meses, um número inteiro como 12")
    .transform(Number)
    .pipe(z.number().min(1, "O prazo mínimo é de 1 mês").max(120, "O prazo máximo é de 120 meses")),
  retencao_envios_dias: z
    .string({ error: "Informe o prazo em dias" })
    .trim()
    .regex(/^\d{1,4}$/, "Informe o prazo em dias, um número inteiro como 90")
    .transform(Number)
    .pipe(
      z.number().min(7, "O prazo mínimo é de 7 dias").max(3650, "O prazo máximo é de 3650 dias"),
    ),
});
export type LegalTextsInput = z.infer<typeof legalTextsSchema>;

/** Which phone or e-mail the admin asks about (export or anonymise). */
export const subjectSchema = z.object({
  titular: z
    .string({ error: "Informe um telefone ou e-mail" })
    .trim()
    .min(1, "Informe um telefone ou e-mail")
    .max(254, "Telefone ou e-mail longo demais")
    .refine(
      (value) =>
        value.includes("@")
          ? z.email().safeParse(value).success
          : value.replace(/\D/g, "").length >= 10 && value.replace(/\D/g, "").length <= 13,
      "Informe um e-mail válido ou um telefone com DDD",
    ),
});
