// Delivery neighbourhoods on the store settings view (SPEC §5.7).
import { z } from "zod";
import { moneyField } from "~/schemas/money-field";
import { nameText } from "~/schemas/text";

export const BAIRRO_REQUIRED = "Preencha o nome do bairro e a taxa de entrega";
export const BAIRRO_DUPLICATE = "Este bairro já está cadastrado";
export const BAIRRO_UNIT_INVALID = "Escolha uma unidade que faz entregas";

/**
 * "Unidade que entrega": a unit's id, or blank for the first unit that delivers (null). The
 * server checks that the unit exists and delivers.
 */
const unidadeId = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? "")
  .refine(
    (v) => v === "" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
    BAIRRO_UNIT_INVALID,
  )
  .transform((v) => v || null);

export const bairroSchema = z.object({
  nome: nameText(BAIRRO_REQUIRED, 1, 80),
  taxaEntrega: moneyField(BAIRRO_REQUIRED, "Taxa inválida. Use o formato 5,00").pipe(
    z.number().min(0, "A taxa não pode ser negativa"),
  ),
  unidadeId,
});

export const bairroFeeSchema = z.object({
  taxaEntrega: moneyField(BAIRRO_REQUIRED, "Taxa inválida. Use o formato 5,00").pipe(
    z.number().min(0, "A taxa não pode ser negativa"),
  ),
});

/** A neighbourhood's delivering unit, changed on its row. */
export const bairroUnitSchema = z.object({ unidadeId });

export type BairroInput = z.output<typeof bairroSchema>;
