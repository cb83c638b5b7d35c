// "Avise-me quando chegar" (issue 42 point 5, decision 0074). A request is one open row per
// variant and e-mail (the same answer whether or not it was already asked). A job of this
// module finds the open requests whose variant is on sale and available again at a unit
// that sells (catalog's sale variants: stock counts only there), claims them with
// `update … set avisado_em … returning` (a second run, here or on another instance, finds
// them claimed) and queues one e-mail each in the same transaction: at most one per
// restock, and the request ends.
import { and, asc, count, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { lineName } from "~/modules/catalog";
import { saleVariants } from "~/modules/catalog/index.server";
import { enqueueEmails } from "~/modules/mail/index.server";
import { now } from "~/platform/clock.server";
import { db, transaction } from "~/platform/db/client.server";
import { wakeJob } from "~/platform/jobs/runner.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import { normalizeCustomerEmail } from "./session.server";
import { avisosChegada } from "./tables.server";

export const BACK_IN_STOCK_EMAIL = "aviso_chegada";
export const BACK_IN_STOCK_JOB = "customers.back-in-stock";
export const BACK_IN_STOCK_LIMIT = "aviso_chegada";

/** How many open requests one run claims at most (the rest wait for the next run). */
const BATCH = 500;

const backInStockSchema = z.object({
  varianteId: z.uuid("Produto não encontrado"),
  email: z
    .string({ error: "Informe seu e-mail" })
    .trim()
    .min(1, "Informe seu e-mail")
    .max(254, "E-mail longo demais")
    .pipe(z.email("E-mail inválido")),
  consentimento: z.literal("1", {
    error: "Marque a caixa para autorizar o e-mail de aviso",
  }),
});

export type BackInStockResult =
  | { ok: true; nome: string }
  | { ok: false; status: 400 | 404 | 429; message: string; errors?: Record<string, string> };

/** The variant a request names, as the store shows it; null when it is not on sale. */
export async function backInStockVariant(varianteId: string) {
  const [variant] = await saleVariants([varianteId]);
  if (!variant?.aVenda) return null;
  return {
    id: variant.id,
    produtoId: variant.produtoId,
    nome: lineName(variant.nome, variant.rotulo),
    sku: variant.sku,
    imagemUrl: variant.imagemUrl,
    preco: variant.preco,
    disponivel: variant.estoque > 0,
  };
}

/**
 * Asks for the e-mail: counted per IP before anything is read; an open request for the same
 * variant and e-mail stays as it is (the answer does not say whether one existed).
 */
export async function requestBackInStock(
  fields: Record<string, string>,
  ip: string,
  clienteId: string | null,
): Promise<BackInStockResult> {
  const parsed = backInStockSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      errors[key] ??= issue.message;
    }
    if (errors.varianteId) return { ok: false, status: 404, message: "Produto não encontrado" };
    return { ok: false, status: 400, message: "Verifique os campos destacados", errors };
  }
  if (!(await consumeRateLimit(BACK_IN_STOCK_LIMIT, ip, rateLimitRule(BACK_IN_STOCK_LIMIT)))) {
    return {
      ok: false,
      status: 429,
      message: "Muitos pedidos de aviso em pouco tempo. Tente novamente mais tarde.",
    };
  }
  const variant = await backInStockVariant(parsed.data.varianteId);
  if (!variant) return { ok: false, status: 404, message: "Produto não encontrado" };
  await db()
    .insert(avisosChegada)
    .values({
      varianteId: variant.id,
      email: normalizeCustomerEmail(parsed.data.email),
      clienteId,
      consentidoEm: now(),
    })
    .onConflictDoNothing();
  // Available already (asked from an old page): the job sends it now.
  if (variant.disponivel) wakeJob(BACK_IN_STOCK_JOB);
  return { ok: true, nome: variant.nome };
}

/**
 * One run of the job: the open requests whose variant is available again at a unit that
 * sells, claimed and queued in one transaction. Returns how many e-mails were queued.
 */
export async function notifyBackInStock(): Promise<number> {
  return transaction(async (tx) => {
    const waiting = await tx
      .selectDistinct({ varianteId: avisosChegada.varianteId })
      .from(avisosChegada)
      .where(and(isNull(avisosChegada.avisadoEm), isNull(avisosChegada.canceladoEm)))
      .limit(BATCH);
    if (waiting.length === 0) return 0;
    const variants = await saleVariants(
      waiting.map((w) => w.varianteId),
      tx,
    );
    const ready = new Map(variants.filter((v) => v.aVenda && v.estoque > 0).map((v) => [v.id, v]));
    if (ready.size === 0) return 0;
    const claimed = await tx
      .update(avisosChegada)
      .set({ avisadoEm: now() })
      .where(
        and(
          inArray(avisosChegada.varianteId, [...ready.keys()]),
          isNull(avisosChegada.avisadoEm),
          isNull(avisosChegada.canceladoEm),
        ),
      )
      .returning({
        id: avisosChegada.id,
        email: avisosChegada.email,
        varianteId: avisosChegada.varianteId,
      });
    await enqueueEmails(
      tx,
      claimed.map((c) => {
        const v = ready.get(c.varianteId)!;
        return {
          tipo: BACK_IN_STOCK_EMAIL,
          destinatario: c.email,
          resourceType: "aviso_chegada",
          resourceId: c.id,
          dados: { varianteId: v.id, produtoId: v.produtoId, sku: v.sku },
        };
      }),
    );
    return claimed.length;
  });
}

/**
 * Stock may have come back (inventory's 'estoque.entrada'): look now. Woken from inside the
 * arrival's transaction, like the mail worker; a run that starts before it commits finds
 * nothing and the next run (or the next arrival) sends it.
 */
export function wakeBackInStock() {
  wakeJob(BACK_IN_STOCK_JOB);
}

/** The open requests of some variants, for the owner's screen: count and who, oldest first. */
export async function waitingLists(varianteIds: string[]) {
  if (varianteIds.length === 0) return new Map<string, { email: string; desde: Date }[]>();
  const rows = await db()
    .select({
      varianteId: avisosChegada.varianteId,
      email: avisosChegada.email,
      desde: avisosChegada.createdAt,
    })
    .from(avisosChegada)
    .where(
      and(
        inArray(avisosChegada.varianteId, varianteIds),
        isNull(avisosChegada.avisadoEm),
        isNull(avisosChegada.canceladoEm),
      ),
    )
    .orderBy(asc(avisosChegada.createdAt))
    .limit(2000);
  const lists = new Map<string, { email: string; desde: Date }[]>();
  for (const r of rows) {
    const list = lists.get(r.varianteId) ?? [];
    list.push({ email: r.email, desde: r.desde });
    lists.set(r.varianteId, list);
  }
  return lists;
}

/** How many open requests in all (the job's count). */
export async function openBackInStockCount(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(avisosChegada)
    .where(and(isNull(avisosChegada.avisadoEm), isNull(avisosChegada.canceladoEm)));
  return Number(row?.n ?? 0);
}
