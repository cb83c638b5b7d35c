// The admin coupon form (SPEC §5.6, §5.7). One meaning everywhere: 'percentual' keeps
// the percentage in centavos-of-percent ('10,5' -> 1050 = 10,5 %), 'valor' an amount in centavos.
import { z } from "zod";
import { TIPOS_CUPOM } from "~/domain/statuses";
import { moneyField, optionalField, optionalMoneyField } from "~/schemas/money-field";

export const COUPON_REQUIRED = "Preencha todos os campos do cupom";

export const couponSchema = z
  .object({
    codigo: z
      .string({ error: COUPON_REQUIRED })
      .trim()
      .min(1, COUPON_REQUIRED)
      .transform((c) => c.toUpperCase())
      .pipe(
        z
          .string()
          .max(30, "O código deve ter no máximo 30 caracteres")
          .regex(/^[A-Z0-9_-]+$/, "Use apenas letras, números, - e _ no código"),
      ),
    tipo: z.enum(TIPOS_CUPOM, { error: "Escolha o tipo do cupom" }),
    valor: moneyField(COUPON_REQUIRED, "Valor inválido. Use o formato 10 ou 5,00").pipe(
      z.number().positive("O valor deve ser maior que zero"),
    ),
    pedidoMinimo: optionalMoneyField("Valor mínimo inválido"),
    validoAte: optionalField(
      (d) =>
        /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? d : null,
      "Data inválida",
    ),
    limiteUsos: optionalField(
      (t) => (/^\d+$/.test(t) && Number(t) >= 1 ? Number(t) : null),
      "O limite de usos deve ser 1 ou mais",
    ),
  })
  .superRefine((c, ctx) => {
    if (c.tipo === "percentual" && c.valor > 10000) {
      ctx.addIssue({
        code: "custom",
        path: ["valor"],
        message: "O percentual deve ser no máximo 100",
      });
    }
  });

export type CouponInput = z.output<typeof couponSchema>;
