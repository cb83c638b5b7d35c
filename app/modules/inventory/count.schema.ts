// The stock count's forms (/admin/estoque/contagens, decision 0085), shared by the pages
// (checked in the browser) and the actions: open a count, read a code (a scanner types it and
// presses Enter), undo one's last reading, apply or cancel.
import { z } from "zod";
import { lineText } from "~/schemas/text";

/** The longest code a reading takes (a GTIN-14 is 14 digits; SKUs are short). */
export const CODIGO_MAX = 64;
/** The most units one reading adds (a typed "12" of a pallet row, never a typo of 1200000). */
export const LEITURA_MAX = 9999;

const id = (message: string) => z.guid({ error: message });
const contagemId = id("Contagem inválida");

/** Abrir contagem: a unit, what is counted (everything, a category, a brand), blind or not. */
export const openCountSchema = z
  .object({
    unidadeId: id("Escolha a unidade"),
    escopo: z.enum(["tudo", "categoria", "marca"], { error: "Escolha o que contar" }),
    categoriaId: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .pipe(z.guid({ error: "Escolha a categoria" }).nullable()),
    marca: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .pipe(lineText().pipe(z.string().max(120, "Use até 120 caracteres")).nullable()),
    // A checkbox: on unless sent as "0" (the form sends "1" checked, a hidden "0" before it).
    cega: z
      .unknown()
      .optional()
      .transform((v) => (Array.isArray(v) ? v.at(-1) : v) !== "0"),
  })
  .superRefine((c, ctx) => {
    if (c.escopo === "categoria" && !c.categoriaId) {
      ctx.addIssue({ code: "custom", path: ["categoriaId"], message: "Escolha a categoria" });
    }
    if (c.escopo === "marca" && !c.marca) {
      ctx.addIssue({ code: "custom", path: ["marca"], message: "Escolha a marca" });
    }
  });
export type OpenCountInput = z.output<typeof openCountSchema>;

/** Ler: the code as scanned or typed (EAN/GTIN or SKU) and how many units it counts (1). */
export const scanSchema = z.object({
  contagemId,
  codigo: lineText()
    .pipe(z.string().min(1, "Bipe ou digite o código").max(CODIGO_MAX, "Código longo demais"))
    // A scanner may send the code with spaces a label prints between its groups.
    .transform((v) => v.replace(/\s+/g, "")),
  quantidade: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "1")
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "Use um número inteiro")
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1, "Use no mínimo 1")
            .max(LEITURA_MAX, `Use no máximo ${LEITURA_MAX} por leitura`),
        ),
    ),
});
export type ScanInput = z.output<typeof scanSchema>;

/** Desfazer, cancelar: the count only. */
export const countIdSchema = z.object({ contagemId });
export type CountIdInput = z.output<typeof countIdSchema>;

/** Aplicar: and whether the variants in scope nobody read are set to zero. */
export const applyCountSchema = z.object({
  contagemId,
  zerarNaoContados: z
    .unknown()
    .optional()
    .transform((v) => v === "1" || v === "on"),
});
export type ApplyCountInput = z.output<typeof applyCountSchema>;
