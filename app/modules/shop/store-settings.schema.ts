// The store settings form (SPEC §3, §5.7, §9).
import { z } from "zod";
import { normalizePixKey, PIX_KEY_MAX } from "~/domain/pix-key";
import { checkbox, moneyField, optionalText } from "~/schemas/money-field";

export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
/** The largest Pix discount the settings accept (the database checks it too). */
const PIX_DISCOUNT_MAX = 50;

/** A Pix key, saved as the Central Bank's directory stores it (digits, +55…, lower case). */
const pixKeyField = z
  .string()
  .trim()
  .max(PIX_KEY_MAX, `Chave Pix deve ter no máximo ${PIX_KEY_MAX} caracteres`)
  .optional()
  .transform((typed, ctx) => {
    if (!typed) return null;
    const key = normalizePixKey(typed);
    if (key.ok) return key.chave;
    ctx.addIssue({ code: "custom", message: key.message });
    return z.NEVER;
  });

/** An http(s) URL or nothing (null). */
const webhookUrlField = z
  .string()
  .trim()
  .optional()
  .transform((u) => (u ? u : null))
  .refine((u) => u === null || (/^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u)), {
    message: "URL inválida",
  });

/** 'Testar webhook' sends the URL on the screen (saved or not) with the test request. */
export const webhookTestSchema = z.object({ webhookUrl: webhookUrlField });

export const storeSettingsSchema = z
  .object({
    whatsappNumero: z
      .string()
      .trim()
      .optional()
      .transform((n) => (n ? n : null))
      .refine((n) => n === null || n.replace(/\D/g, "").length >= 10, {
        message: "Número deve ter pelo menos 10 dígitos",
      }),
    whatsappAtivo: checkbox,
    taxaEntregaPadrao: moneyField(
      "Taxa de entrega padrão é obrigatória",
      "Taxa inválida. Use o formato 5,00",
    ).pipe(z.number().min(0, "A taxa não pode ser negativa")),
    freteGratisMinimo: moneyField(
      "Valor para frete grátis é obrigatório",
      "Valor inválido. Use o formato 40,00",
    ).pipe(z.number().min(0, "O valor não pode ser negativo")),
    pixManualAtivo: checkbox,
    pixChave: pixKeyField,
    pixNomeRecebedor: optionalText(
      PIX_NAME_MAX,
      `Nome do recebedor deve ter no máximo ${PIX_NAME_MAX} caracteres`,
    ),
    pixCidade: optionalText(PIX_CITY_MAX, `Cidade deve ter no máximo ${PIX_CITY_MAX} caracteres`),
    /** Percentage off the products for Pix orders; blank means none. */
    pixDescontoPercentual: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace("%", "").trim() : "0"))
      .pipe(
        z
          .string()
          .regex(/^\d{1,2}$/, "Desconto inválido. Use um número inteiro, como 5")
          .transform(Number)
          .pipe(
            z
              .number()
              .max(
                PIX_DISCOUNT_MAX,
                `O desconto no Pix pode ser de no máximo ${PIX_DISCOUNT_MAX}%`,
              ),
          ),
      ),
    webhookUrl: webhookUrlField,
    webhookAtivo: checkbox,
    /** Blank keeps the saved secret; 'limparSegredo' removes it. */
    webhookSecret: optionalText(200, "Segredo deve ter no máximo 200 caracteres"),
    limparSegredo: checkbox,
  })
  .superRefine((s, ctx) => {
    if (s.pixManualAtivo) {
      if (!s.pixChave)
        ctx.addIssue({ code: "custom", path: ["pixChave"], message: "Informe a chave Pix" });
      if (!s.pixNomeRecebedor)
        ctx.addIssue({
          code: "custom",
          path: ["pixNomeRecebedor"],
          message: "Informe o nome do recebedor",
        });
      if (!s.pixCidade)
        ctx.addIssue({ code: "custom", path: ["pixCidade"], message: "Informe a cidade" });
    }
    if (s.whatsappAtivo && !s.whatsappNumero) {
      ctx.addIssue({
        code: "custom",
        path: ["whatsappNumero"],
        message: "Número deve ter pelo menos 10 dígitos",
      });
    }
  });

export type StoreSettingsInput = z.output<typeof storeSettingsSchema>;
