// The admin product form (SPEC §5.7), shared by the form and the action.
import { z } from "zod";
import {
  checkbox,
  moneyField,
  optionalMoneyField,
  optionalText,
  requiredText,
} from "~/schemas/money-field";

export const productSchema = z
  .object({
    nome: requiredText("Nome é obrigatório", 200, "Nome deve ter no máximo 200 caracteres"),
    descricaoCurta: optionalText(500, "Descrição deve ter no máximo 500 caracteres"),
    categoriaId: z
      .string({ error: "Categoria é obrigatória" })
      .trim()
      .min(1, "Categoria é obrigatória")
      .pipe(z.uuid("Categoria é obrigatória")),
    precoAtual: moneyField("Preço atual é obrigatório", "Preço inválido. Use o formato 12,90").pipe(
      z.number().positive("Preço atual deve ser maior que zero"),
    ),
    precoAntes: optionalMoneyField("Preço inválido. Use o formato 12,90"),
    estoque: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return 0;
        if (!/^-?\d+$/.test(text)) {
          ctx.addIssue({ code: "custom", message: "Estoque deve ser um número inteiro" });
          return z.NEVER;
        }
        return Number(text);
      })
      .pipe(
        z.number().int().min(0, "Estoque deve ser positivo").max(1_000_000, "Estoque muito alto"),
      ),
    sku: optionalText(60, "SKU deve ter no máximo 60 caracteres"),
    marca: optionalText(80, "Marca deve ter no máximo 80 caracteres"),
    unidade: z
      .string()
      .trim()
      .max(10, "Unidade deve ter no máximo 10 caracteres")
      .optional()
      .transform((u) => (u ? u.toUpperCase() : "UN")),
    ativo: checkbox,
  })
  .superRefine((p, ctx) => {
    if (p.precoAntes !== null && p.precoAntes <= p.precoAtual) {
      ctx.addIssue({
        code: "custom",
        path: ["precoAntes"],
        message: "Preço anterior deve ser maior que o preço atual",
      });
    }
  });

export type ProductInput = z.output<typeof productSchema>;

export const MAX_PRODUCT_IMAGE_BYTES = 8 * 1024 * 1024;
export const PRODUCT_IMAGE_TOO_LARGE = "A imagem deve ter no máximo 8MB.";
export const PRODUCT_IMAGE_WRONG_TYPE = "Envie apenas arquivos de imagem (JPG, PNG, etc).";

export const categorySchema = z.object({
  nome: requiredText(
    "Nome da categoria é obrigatório",
    80,
    "Nome da categoria deve ter no máximo 80 caracteres",
  ),
  descricao: optionalText(300, "Descrição deve ter no máximo 300 caracteres"),
});
