// The stock screen's forms (/admin/estoque), shared by the dialogs (checked on submit) and
// the action: a count of what is in hand with its reason, a transfer between units, the
// minimum of a variant at a unit; and the screen's query string, read leniently.
import { z } from "zod";
import { requiredLine } from "~/schemas/text";

/** The largest quantity the screen takes (in hand, transferred, minimum). */
export const STOCK_MAX = 1_000_000;
const MOTIVO_MIN = 3;
export const MOTIVO_MAX = 200;

const MOTIVO_MISSING = `Informe o motivo (de ${MOTIVO_MIN} a ${MOTIVO_MAX} caracteres)`;

/** A whole number typed in a form, from `min` to STOCK_MAX. */
const quantity = (min: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d+$/, "Use um número inteiro, sem vírgula nem sinal")
    .transform(Number)
    .pipe(
      z.number().int().min(min, `Use no mínimo ${min}`).max(STOCK_MAX, "Use no máximo 1.000.000"),
    );

const id = (message: string) => z.guid({ error: message });
const varianteId = id("Variante inválida");
const unidadeId = id("Escolha a unidade");
/** A form about one variant at one unit, with what it asks of it. */
const variantAtUnit = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ varianteId, unidadeId, ...shape });
/** Why the units moved, from MOTIVO_MIN to MOTIVO_MAX characters. */
const motivo = requiredLine(MOTIVO_MISSING, MOTIVO_MIN, MOTIVO_MAX);
/** The same where the reason may be left blank (null); one typed is still checked. */
const optionalMotivo = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null)
  .pipe(motivo.nullable());

/** Ajustar: the count of what is in hand now (not a difference), and why. */
export const adjustStockSchema = variantAtUnit({
  emMaos: quantity(0, "Informe a quantidade em mãos"),
  motivo,
});
export type AdjustStockInput = z.output<typeof adjustStockSchema>;

/** Entrada (+N): units that arrived without an invoice, and why (required). */
export const enterStockSchema = variantAtUnit({
  quantidade: quantity(1, "Informe quantas unidades chegaram"),
  motivo,
});
export type EnterStockInput = z.output<typeof enterStockSchema>;

/** Transferir: units in hand from one unit to another; the reason is optional. */
export const transferStockSchema = z
  .object({
    varianteId,
    de: id("Escolha a unidade de origem"),
    para: id("Escolha a unidade de destino"),
    quantidade: quantity(1, "Informe a quantidade a transferir"),
    motivo: optionalMotivo,
  })
  .refine((t) => t.de !== t.para, {
    path: ["para"],
    message: "Escolha uma unidade de destino diferente da origem",
  });
export type TransferStockInput = z.output<typeof transferStockSchema>;

/**
 * Receber: what arrived of a transfer in transit (empty: all that was sent); fewer needs the
 * reason of the difference, checked with the transfer's quantity by the server.
 */
export const receiveTransferSchema = z.object({
  id: id("Transferência inválida"),
  quantidade: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(quantity(0, "Informe a quantidade recebida").optional()),
  motivo: optionalMotivo,
});
export type ReceiveTransferInput = z.output<typeof receiveTransferSchema>;

/** Cancelar: a transfer still in transit, by its sender. */
export const cancelTransferSchema = z.object({ id: id("Transferência inválida") });
export type CancelTransferInput = z.output<typeof cancelTransferSchema>;

/** Mínimo: below it (available units) the variant is 'abaixo do mínimo' at the unit; 0 = none. */
export const minimumSchema = variantAtUnit({
  minimo: quantity(0, "Informe o mínimo (0 para nenhum)"),
});
export type MinimumInput = z.output<typeof minimumSchema>;

/** What the screen's action can be asked to do (its forms' hidden 'intent'). */
export const stockIntent = z.enum([
  "stock-adjust",
  "stock-enter",
  "stock-transfer",
  "stock-minimum",
]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * ?q=&unidade=&abaixo=1&pagina=N, and ?depois= / ?antes= (the row the next or previous page
 * goes on from): a value the screen never writes is no filter.
 */
const stockQuerySchema = z
  .object({
    q: z.string().catch(""),
    // Anything but a uuid would only make the database refuse the query.
    unidade: z.guid().optional().catch(undefined),
    abaixo: z
      .unknown()
      .optional()
      .transform((v) => v === "1"),
    pagina: z.coerce.number().int().min(1).catch(1),
    // The row a page goes on from (keyset): opaque, checked when it is read.
    depois: z.string().max(2000).optional().catch(undefined),
    antes: z.string().max(2000).optional().catch(undefined),
  })
  .transform((raw) => ({
    // A control character (a NUL byte) in a search cannot even reach PostgreSQL.
    q: raw.q.replace(CONTROL_CHARS, " ").trim().slice(0, 100),
    unidadeId: raw.unidade,
    abaixoDoMinimo: raw.abaixo,
    page: raw.pagina,
    depois: raw.depois || undefined,
    antes: raw.depois ? undefined : raw.antes || undefined,
  }));
export type StockQuery = z.output<typeof stockQuerySchema>;

/** The query of a /admin/estoque URL (first value of a repeated key). */
export function parseStockQuery(url: URL): StockQuery {
  return stockQuerySchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    unidade: url.searchParams.get("unidade") ?? undefined,
    abaixo: url.searchParams.get("abaixo") ?? undefined,
    pagina: url.searchParams.get("pagina") ?? undefined,
    depois: url.searchParams.get("depois") ?? undefined,
    antes: url.searchParams.get("antes") ?? undefined,
  });
}
