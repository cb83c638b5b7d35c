// The online Pix settings (Mercado Pago): switch, credentials and how long a charge lasts.
import { z } from "zod";
import { checkbox } from "~/schemas/money-field";

export const PIX_EXPIRACAO_MIN = 30;
export const PIX_EXPIRACAO_MAX = 1440;

/** A secret field: blank keeps the saved value (it is never sent back to the page). */
const secretField = (max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v.length <= max && !/\s/.test(v)), { message });

/** Mercado Pago takes up to 12 installments on a Brazilian card. */
export const CARTAO_PARCELAS_MAX = 12;

const parcelasField = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : "1"))
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, message)
        .transform(Number)
        .pipe(z.number().int().min(1, message).max(CARTAO_PARCELAS_MAX, message)),
    );

const paymentSettingsFields = z.object({
  mercadopagoAtivo: checkbox,
  mercadopagoAccessToken: secretField(300, "Access token inválido"),
  mercadopagoWebhookSecret: secretField(300, "Assinatura secreta inválida"),
  limparAccessToken: checkbox,
  limparWebhookSecret: checkbox,
  pixExpiracaoMinutos: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : String(PIX_EXPIRACAO_MIN)))
    .pipe(
      z
        .string()
        .regex(/^\d{1,4}$/, "Prazo inválido. Use um número inteiro de minutos")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(PIX_EXPIRACAO_MIN, `O prazo mínimo é de ${PIX_EXPIRACAO_MIN} minutos`)
            .max(PIX_EXPIRACAO_MAX, `O prazo máximo é de ${PIX_EXPIRACAO_MAX} minutos (24 horas)`),
        ),
    ),
  cartaoAtivo: checkbox,
  cartaoParcelasMax: parcelasField(`Escolha de 1 a ${CARTAO_PARCELAS_MAX} parcelas`),
  cartaoParcelasSemJuros: parcelasField(`Escolha de 1 a ${CARTAO_PARCELAS_MAX} parcelas`),
});

export const paymentSettingsSchema = paymentSettingsFields.refine(
  (v) => v.cartaoParcelasSemJuros <= v.cartaoParcelasMax,
  {
    message: "As parcelas sem juros não podem passar do máximo de parcelas",
    path: ["cartaoParcelasSemJuros"],
  },
);

export type PaymentSettingsInput = z.infer<typeof paymentSettingsSchema>;
