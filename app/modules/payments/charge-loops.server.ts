// The loops a charge closes after its order moved on (decision 0035): an order cancelled by
// the staff cancels its open charges at the provider, and a refund the provider accepted
// but has not confirmed is asked about again until it settles. Orders applies what comes
// back, as for any other news of a charge.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import type { PaymentProvider, ProviderCobranca } from "./provider.server";
import { type Cobranca, cobrancas } from "./tables.server";

/** The order's charges still open (pending) at the provider. */
export async function openCobrancas(pedidoId: string, executor: Executor = db()) {
  return executor
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.pedidoId, pedidoId), eq(cobrancas.status, "pendente")));
}

/**
 * Asks the provider to cancel each of `rows` (its own charges) and gives back what each
 * became: 'cancelada', or 'paga' when the payment came first. A charge the provider did not
 * answer for is left out (the reconciliation asks again).
 */
export async function cancelAtProvider(
  provider: PaymentProvider,
  rows: Cobranca[],
): Promise<{ answers: ProviderCobranca[]; failed: number }> {
  const answers: ProviderCobranca[] = [];
  let failed = 0;
  for (const row of rows) {
    if (row.provedor !== provider.nome) continue;
    try {
      const answer = await provider.cancelCobranca(row.externoId);
      if (answer) answers.push(answer);
    } catch {
      failed++;
    }
  }
  return { answers, failed };
}

/** Notes that the provider accepted a refund of `cobrancaId` without confirming it yet. */
export async function markRefundRequested(cobrancaId: string, at: Date): Promise<void> {
  await db()
    .update(cobrancas)
    .set({ reembolsoSolicitadoEm: at, updatedAt: at })
    .where(and(eq(cobrancas.id, cobrancaId), eq(cobrancas.status, "paga")));
}

/** Paid charges whose refund was accepted but not confirmed: read again until refunded. */
export async function refundsAwaitingConfirmation(provider: PaymentProvider, limit = 50) {
  return db()
    .select()
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.provedor, provider.nome),
        eq(cobrancas.status, "paga"),
        isNotNull(cobrancas.reembolsoSolicitadoEm),
      ),
    )
    .orderBy(asc(cobrancas.reembolsoSolicitadoEm))
    .limit(limit);
}
