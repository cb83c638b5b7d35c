// Coupons: the cart's check of a code, and the admin's list and edits (SPEC §5.6, §5.7, §7.2). 'percentual' keeps the percentage in centavos-of-
// percent (1000 = 10 %), 'valor' an amount in centavos: the one meaning the cart and the
// order use too.
import { and, desc, eq, sql } from "drizzle-orm";
import { endOfShopDay } from "~/domain/shop-time";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, inTransaction, transaction } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { COUPON_INVALID, type CouponResult, evaluateCoupon, normalizeCouponCode } from "./coupon";
import type { CouponInput } from "./coupon.schema";
import { type Cupom, cupons } from "./tables.server";

export async function listCoupons(executor: Executor = db()): Promise<Cupom[]> {
  return executor.select().from(cupons).orderBy(desc(cupons.createdAt), desc(cupons.codigo));
}

/** Creates a coupon, in a transaction of its own or in the caller's (`executor`, the demo seed). */
export async function createCoupon(
  input: CouponInput,
  actor: AdminActor,
  executor?: Executor,
): Promise<Cupom> {
  try {
    return await inTransaction(executor, async (tx) => {
      const [row] = await tx
        .insert(cupons)
        .values({
          codigo: input.codigo,
          tipo: input.tipo,
          valor: input.valor,
          ativo: true,
          pedidoMinimo: input.pedidoMinimo,
          validoAte: input.validoAte ? endOfShopDay(input.validoAte) : null,
          limiteUsos: input.limiteUsos,
        })
        .returning();
      await audit(tx, actor, "coupon_create", "cupom", row!.id, {
        codigo: row!.codigo,
        tipo: row!.tipo,
        valor: row!.valor,
        pedido_minimo: row!.pedidoMinimo,
        valido_ate: input.validoAte,
        limite_usos: row!.limiteUsos,
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AdminError("Já existe um cupom com este código", "codigo");
    }
    throw error;
  }
}

export async function setCouponActive(id: string, ativo: boolean, actor: AdminActor) {
  return transaction(async (tx) => {
    const [row] = await tx.update(cupons).set({ ativo }).where(eq(cupons.id, id)).returning();
    if (!row) throw new AdminError("Cupom não encontrado");
    await audit(tx, actor, ativo ? "coupon_activate" : "coupon_deactivate", "cupom", id, {
      codigo: row.codigo,
    });
    return row;
  });
}

/** Reads a coupon by code (upper-cased) and checks it against a subtotal. */
export async function checkCoupon(
  code: string,
  subtotal: number,
  executor: Executor = db(),
  now: Date = new Date(),
): Promise<CouponResult & { id?: string }> {
  const codigo = normalizeCouponCode(code);
  const [coupon] = codigo
    ? await executor.select().from(cupons).where(eq(cupons.codigo, codigo))
    : [];
  const result = evaluateCoupon(coupon ?? null, subtotal, now);
  return result.ok ? { ...result, id: coupon!.id } : result;
}

/**
 * Checks the coupon against the subtotal and counts its use, in the order's transaction: of
 * two last uses, only one passes the guard.
 */
export async function redeemCoupon(
  tx: Executor,
  codigo: string,
  subtotal: number,
  at: Date,
): Promise<
  | { ok: false; message: string }
  | { ok: true; coupon: CouponResult & { ok: true }; cupomId: string }
> {
  const [row] = await tx.select().from(cupons).where(eq(cupons.codigo, codigo));
  const coupon = evaluateCoupon(row ?? null, subtotal, at);
  if (!coupon.ok) return { ok: false, message: coupon.message };
  const [counted] = await tx
    .update(cupons)
    .set({ usos: sql`${cupons.usos} + 1` })
    .where(
      and(
        eq(cupons.id, row!.id),
        eq(cupons.ativo, true),
        sql`(${cupons.limiteUsos} is null or ${cupons.usos} < ${cupons.limiteUsos})`,
      ),
    )
    .returning({ id: cupons.id });
  if (!counted) return { ok: false, message: COUPON_INVALID };
  return { ok: true, coupon, cupomId: counted.id };
}
