// Delivery neighbourhoods on the store settings view (SPEC §5.7).
import { z } from "zod";
import { moneyField, requiredText } from "~/schemas/money-field";

export const BAIRRO_REQUIRED = "Preencha o nome do bairro e a taxa de entrega";
export const BAIRRO_DUPLICATE = "Este bairro já está cadastrado";

export const bairroSchema = z.object({
  nome: requiredText(
    BAIRRO_REQUIRED,
    80,
    "Nome do bairro deve ter no máximo 80 caracteres",
  ).transform((n) => n.replace(/\s+/g, " ")),
  taxaEntrega: moneyField(BAIRRO_REQUIRED, "Taxa inválida. Use o formato 5,00").pipe(
    z.number().min(0, "A taxa não pode ser negativa"),
  ),
});

export const bairroFeeSchema = z.object({
  taxaEntrega: moneyField(BAIRRO_REQUIRED, "Taxa inválida. Use o formato 5,00").pipe(
    z.number().min(0, "A taxa não pode ser negativa"),
  ),
});

export type BairroInput = z.output<typeof bairroSchema>;
