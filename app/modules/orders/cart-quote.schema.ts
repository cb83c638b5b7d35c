// The query of the cart preview (/loja/resumo): the lines, an optional coupon code and
// an optional neighbourhood. Everything else (prices, stock, fees) comes from the server.
import { z } from "zod";
import { lineText } from "~/schemas/text";
import { decodeCartLines, MAX_QUANTIDADE_POR_PRODUTO } from "./cart";

export const cartQuoteSchema = z.object({
  itens: z
    .string()
    .optional()
    // A preview: quantities past the per-product limit are shown at the limit.
    .transform((v) =>
      decodeCartLines(v)
        .slice(0, 100)
        .map((l) => ({ ...l, quantidade: Math.min(l.quantidade, MAX_QUANTIDADE_POR_PRODUTO) })),
    ),
  cupom: lineText()
    .pipe(z.string().max(40))
    .optional()
    .transform((v) => (v ? v.toUpperCase() : null))
    .catch(null),
  bairro: lineText()
    .pipe(z.string().max(100))
    .optional()
    .transform((v) => v || null)
    .catch(null),
  /** Pick-up at this unit (its id): only its stock counts. */
  retiradaUnidadeId: z
    .string()
    .optional()
    .transform((v) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null))
    .catch(null),
  /** "retirada" before a unit is chosen: no delivery fee. */
  modo: z.enum(["entrega", "retirada"]).optional().catch(undefined),
  formaPagamento: lineText()
    .pipe(z.string().max(30))
    .optional()
    .transform((v) => v || null)
    .catch(null),
});
