// The query of the cart preview (/loja/resumo): the lines, an optional coupon code and
// an optional neighbourhood. Everything else (prices, stock, fees) comes from the server.
import { z } from "zod";
import { decodeCartLines } from "~/domain/cart";

export const cartQuoteSchema = z.object({
  itens: z
    .string()
    .optional()
    .transform((v) => decodeCartLines(v).slice(0, 100)),
  cupom: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v ? v.toUpperCase() : null))
    .catch(null),
  bairro: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || null)
    .catch(null),
  formaPagamento: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((v) => v || null)
    .catch(null),
});

export type CartQuoteQuery = z.output<typeof cartQuoteSchema>;
