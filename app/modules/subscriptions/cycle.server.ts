// The cycle of a "compra programada" (issue 45 point 2, decision 0086), one job run:
// 1. paused subscriptions whose date came are active again;
// 2. three days before a date, the cycle's row is inserted (unique per subscription and date:
//    a second run, on this instance or another, inserts nothing) with the reminder e-mail in
//    the same transaction; a renewal that cannot go as accepted (price up >10%, sold out or
//    off sale, fee changed) waits for the customer, and the reminder says why;
// 3. two days before, the renewal order goes through orders' normal placing (today's price
//    less the discount, fee rules, stock reserved, the chosen payment) under the idempotency
//    key of the subscription and date: a run racing another or after a restart gets the same
//    order back, and the cycle and the next date move once (guarded updates);
// 4. renewal orders that were paid or expired close their cycle; three unpaid in a row pause
//    the subscription with an e-mail.
// Reminders and orders go in batches, one of each in turn, until nothing is due or the run's
// time budget is spent (the next run goes on from there): 10,000 due the same day are one run,
// not fifty (decision 0093).
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  altaAcimaDoLimite,
  DIAS_LEMBRETE,
  DIAS_PEDIDO,
  FALHAS_PARA_PAUSAR,
  somarDias,
} from "~/domain/assinatura";
import { shopDay } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { saleVariants } from "~/modules/catalog/index.server";
import { findServedArea } from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import { placeOrder, renewalOutcomes, startRenewalPixCharge } from "~/modules/orders/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { logger as platformLogger } from "~/platform/logger.server";
import { applyChoice, pickUpUnits, type RenewalChoice } from "./choice.server";
import {
  discountsFor,
  EMAIL_LEMBRETE,
  EMAIL_PAUSADA,
  emailOf,
  emailSubscriber,
  resumeDuePauses,
} from "./subscriptions.server";
import { type Assinatura, assinaturas, ciclosAssinatura, itensAssinatura } from "./tables.server";

export const CYCLE_JOB = "subscriptions.cycle";
/** Subscriptions read and moved per batch (a run goes batch after batch). */
const BATCH = 200;

/** The renewal order's idempotency key: one order per subscription and date, ever. */
const renewalKey = (assinaturaId: string, data: string) => `assinatura-${assinaturaId}-${data}`;

/**
 * Why the renewal cannot go as the customer accepted it, in the reminder's words; null when it
 * can. Read outside any lock: the order re-reads price and stock under the stock row's lock.
 */
async function renewalProblem(row: Assinatura, executor: Executor = db()): Promise<string | null> {
  const itens = await executor
    .select()
    .from(itensAssinatura)
    .where(eq(itensAssinatura.assinaturaId, row.id));
  if (itens.length === 0) return "A assinatura não tem itens.";
  const variants = new Map(
    (
      await saleVariants(
        itens.map((i) => i.varianteId),
        executor,
      )
    ).map((v) => [v.id, v]),
  );
  const reasons: string[] = [];
  for (const item of itens) {
    const v = variants.get(item.varianteId);
    const nome = v ? [v.nome, v.rotulo].filter(Boolean).join(" ") : "Um item";
    if (!v?.aVenda) {
      reasons.push(`${nome} não está mais à venda`);
      continue;
    }
    const disponivel =
      row.modo === "retirada"
        ? (v.porUnidade.find((u) => u.unidadeId === row.unidadeId)?.disponivel ?? 0)
        : v.estoque;
    if (disponivel < item.quantidade)
      reasons.push(`${nome} está esgotado${row.modo === "retirada" ? " na unidade" : ""}`);
    if (altaAcimaDoLimite(item.precoAceito, v.preco)) {
      reasons.push(`${nome} subiu de ${formatBRL(item.precoAceito)} para ${formatBRL(v.preco)}`);
    }
  }
  if (row.modo === "entrega") {
    const area = findServedArea(await deliveryRules(await currentSettings()), row.bairro ?? "");
    if (!area) reasons.push("o bairro do endereço não é mais atendido");
    else if (row.taxaAceita !== null && area.taxaEntrega !== row.taxaAceita) {
      reasons.push(
        `a taxa de entrega mudou de ${formatBRL(row.taxaAceita)} para ${formatBRL(area.taxaEntrega)}`,
      );
    }
  }
  return reasons.length > 0 ? `${reasons.join("; ")}.` : null;
}

/** What one batch of a step found due and how many of those it moved on. */
interface Batch {
  found: number;
  moved: number;
}

/** Step 2, one batch: the cycles due for a reminder, each created once, with its e-mail. */
async function remind(at: Date, batch: number): Promise<Batch & { created: number }> {
  const limit = somarDias(shopDay(at), DIAS_LEMBRETE);
  const due = await db()
    .select()
    .from(assinaturas)
    .where(
      and(
        eq(assinaturas.estado, "ativa"),
        lte(assinaturas.proximaData, limit),
        sql`not exists (select 1 from ${ciclosAssinatura} c where c.assinatura_id = ${assinaturas.id} and c.data = ${assinaturas.proximaData})`,
      ),
    )
    .limit(batch);
  let created = 0;
  for (const row of due) {
    const problem = await renewalProblem(row);
    const done = await transaction(async (tx) => {
      const [cycle] = await tx
        .insert(ciclosAssinatura)
        .values({
          assinaturaId: row.id,
          data: row.proximaData,
          estado: problem ? "aguardando_cliente" : "lembrado",
          motivo: problem,
          lembradoEm: row.lembretes || problem ? at : null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: ciclosAssinatura.id });
      if (!cycle) return false;
      // A renewal that waits is always said (nothing is bought without the customer's word).
      if (row.lembretes || problem) await queueReminder(tx, row, cycle.id);
      return true;
    });
    if (done) created += 1;
  }
  // A row another run inserted meanwhile is moved on too: it is not selected again.
  return { found: due.length, moved: due.length, created };
}

function queueReminder(tx: Executor, row: Assinatura, cicloId: string) {
  return emailSubscriber(tx, row, EMAIL_LEMBRETE, { cicloId });
}

type RenewalResult =
  | { ok: true; pedidoId: string; numero: string }
  | { ok: false; message: string; waiting: boolean };

/**
 * Places the renewal of the subscription's next date through orders' normal path and moves
 * the cycle and the next date on, each once. With `accept`, today's prices and fee become the
 * accepted ones (the customer's "Pagar agora" on a waiting renewal).
 */
async function placeRenewal(
  row: Assinatura,
  at: Date,
  { accept = false, log = platformLogger }: { accept?: boolean; log?: Logger } = {},
): Promise<RenewalResult> {
  const itens = await db()
    .select()
    .from(itensAssinatura)
    .where(eq(itensAssinatura.assinaturaId, row.id));
  const descontos = Object.fromEntries(await discountsFor(itens.map((i) => i.varianteId)));
  const email = await emailOf(db(), row.clienteId);
  const key = renewalKey(row.id, row.proximaData);
  const placed = await placeOrder(
    {
      nome: row.nome,
      telefone: row.telefone,
      email,
      modo: row.modo,
      unidadeId: row.unidadeId,
      endereco: row.endereco,
      numero: row.numero,
      complemento: row.complemento,
      bairro: row.bairro,
      referencia: row.referencia,
      cep: row.cep,
      janelaEntrega: row.modo === "entrega" ? (row.janelaEntrega ?? "manha") : null,
      formaPagamento: row.formaPagamento as never,
      trocoPara: null,
      observacoes: `Compra programada: entrega de ${row.proximaData.split("-").reverse().join("/")}`,
      cupom: null,
      itens: itens.map((i) => ({ varianteId: i.varianteId, quantidade: i.quantidade })),
      idempotencyKey: key,
      programada: { descontos },
    },
    () => at,
  );
  if (!placed.ok) {
    const waiting = await wait(row, placed.message, at);
    return { ok: false, message: placed.message, waiting };
  }
  // Said before the cycle is marked: a run stopped right here is seen in the log, and the
  // next one finds this same order under the key.
  log.info(
    { assinatura: row.id, data: row.proximaData, pedido: placed.pedido.numeroPedido },
    "compra programada: pedido de renovação criado",
  );
  await transaction(async (tx) => {
    const moved = await tx
      .update(ciclosAssinatura)
      .set({ estado: "pedido_criado", pedidoId: placed.pedido.id, motivo: null, updatedAt: at })
      .where(
        and(
          eq(ciclosAssinatura.assinaturaId, row.id),
          eq(ciclosAssinatura.data, row.proximaData),
          inArray(ciclosAssinatura.estado, ["lembrado", "aguardando_cliente"]),
        ),
      )
      .returning({ id: ciclosAssinatura.id });
    if (moved.length === 0) {
      // "Pagar agora" before any reminder: the cycle starts here, once.
      await tx
        .insert(ciclosAssinatura)
        .values({
          assinaturaId: row.id,
          data: row.proximaData,
          estado: "pedido_criado",
          pedidoId: placed.pedido.id,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing();
    }
    if (accept) {
      for (const line of placed.itens) {
        await tx
          .update(itensAssinatura)
          .set({ precoAceito: line.produtoPrecoAntes ?? line.produtoPreco })
          .where(
            and(
              eq(itensAssinatura.assinaturaId, row.id),
              eq(itensAssinatura.varianteId, line.varianteId!),
            ),
          );
      }
      if (row.modo === "entrega") {
        const area = findServedArea(await deliveryRules(await currentSettings()), row.bairro ?? "");
        if (area)
          await tx
            .update(assinaturas)
            .set({ taxaAceita: area.taxaEntrega })
            .where(eq(assinaturas.id, row.id));
      }
    }
    await tx
      .update(assinaturas)
      .set({ proximaData: somarDias(row.proximaData, row.intervaloDias), updatedAt: at })
      .where(and(eq(assinaturas.id, row.id), eq(assinaturas.proximaData, row.proximaData)));
  });
  // Paid by online Pix: the charge starts after the order committed, as the checkout's does (a
  // provider away leaves the order page's "Tentar novamente").
  await startRenewalPixCharge(placed.pedido);
  return { ok: true, pedidoId: placed.pedido.id, numero: placed.pedido.numeroPedido };
}

/** The renewal waits for the customer: said once, in the reminder's words. */
async function wait(row: Assinatura, motivo: string, at: Date): Promise<boolean> {
  return transaction(async (tx) => {
    const [cycle] = await tx
      .update(ciclosAssinatura)
      .set({ estado: "aguardando_cliente", motivo, lembradoEm: at, updatedAt: at })
      .where(
        and(
          eq(ciclosAssinatura.assinaturaId, row.id),
          eq(ciclosAssinatura.data, row.proximaData),
          eq(ciclosAssinatura.estado, "lembrado"),
        ),
      )
      .returning({ id: ciclosAssinatura.id });
    if (!cycle) return false;
    await queueReminder(tx, row, cycle.id);
    return true;
  });
}

/** Step 3, one batch: the renewals due (reminded, two days before), each placed once. */
async function renew(at: Date, batch: number, log: Logger): Promise<Batch & { placed: number }> {
  const limit = somarDias(shopDay(at), DIAS_PEDIDO);
  const due = await db()
    .select({ assinatura: assinaturas })
    .from(assinaturas)
    .innerJoin(
      ciclosAssinatura,
      and(
        eq(ciclosAssinatura.assinaturaId, assinaturas.id),
        eq(ciclosAssinatura.data, assinaturas.proximaData),
      ),
    )
    .where(
      and(
        eq(assinaturas.estado, "ativa"),
        lte(assinaturas.proximaData, limit),
        eq(ciclosAssinatura.estado, "lembrado"),
      ),
    )
    .limit(batch);
  let placed = 0;
  let waiting = 0;
  for (const { assinatura } of due) {
    const problem = await renewalProblem(assinatura);
    if (problem) {
      if (await wait(assinatura, problem, at)) waiting += 1;
      continue;
    }
    const result = await placeRenewal(assinatura, at, { log });
    if (result.ok) placed += 1;
    else if (result.waiting) waiting += 1;
  }
  return { found: due.length, moved: placed + waiting, placed };
}

/**
 * Step 4, one page of the open renewals (by id, after `after`): orders paid or expired close
 * their cycle; three unpaid in a row pause. Paged so that thousands of orders still open do
 * not hide the ones settled behind them.
 */
async function settle(
  at: Date,
  after: string | null,
  size: number,
): Promise<{ last: string | null; pagos: number; expirados: number }> {
  const open = await db()
    .select({
      id: ciclosAssinatura.id,
      pedidoId: ciclosAssinatura.pedidoId,
      assinaturaId: ciclosAssinatura.assinaturaId,
    })
    .from(ciclosAssinatura)
    .where(
      and(
        eq(ciclosAssinatura.estado, "pedido_criado"),
        after === null ? undefined : gt(ciclosAssinatura.id, after),
      ),
    )
    .orderBy(ciclosAssinatura.id)
    .limit(size);
  const outcomes = new Map(
    (
      await renewalOutcomes(open.map((o) => o.pedidoId).filter((id): id is string => id !== null))
    ).map((o) => [o.id, o]),
  );
  let pagos = 0;
  let expirados = 0;
  for (const cycle of open) {
    const outcome = cycle.pedidoId ? outcomes.get(cycle.pedidoId) : undefined;
    if (!outcome || outcome.desfecho === "aberto") continue;
    const desfecho = outcome.desfecho;
    await transaction(async (tx) => {
      const [moved] = await tx
        .update(ciclosAssinatura)
        .set({ estado: desfecho, updatedAt: at })
        .where(and(eq(ciclosAssinatura.id, cycle.id), eq(ciclosAssinatura.estado, "pedido_criado")))
        .returning({ id: ciclosAssinatura.id });
      if (!moved) return;
      if (desfecho === "pago") {
        pagos += 1;
        await tx
          .update(assinaturas)
          .set({ falhasSeguidas: 0 })
          .where(eq(assinaturas.id, cycle.assinaturaId));
        return;
      }
      expirados += 1;
      const [row] = await tx
        .update(assinaturas)
        .set({ falhasSeguidas: sql`${assinaturas.falhasSeguidas} + 1`, updatedAt: at })
        .where(eq(assinaturas.id, cycle.assinaturaId))
        .returning();
      if (row && row.estado === "ativa" && row.falhasSeguidas >= FALHAS_PARA_PAUSAR) {
        await tx
          .update(assinaturas)
          .set({ estado: "pausada", pausadaAte: null })
          .where(eq(assinaturas.id, row.id));
        await emailSubscriber(tx, row, EMAIL_PAUSADA);
      }
    });
  }
  return { last: open.length === size ? open[open.length - 1]!.id : null, pagos, expirados };
}

export interface CycleRunOptions {
  /** Subscriptions per batch. */
  batch?: number;
  /** No batch starts after this long (real time): what is left goes to the next run. */
  budgetMs?: number;
  /** No batch starts once this fires (the run's timeout, or the instance stopping). */
  signal?: AbortSignal;
  logger?: Logger;
}

/**
 * One run of the cycle job, batch after batch until nothing is due or the budget is spent;
 * the counts go to the run's row. Each batch's progress is logged (a long run shows where it
 * is, and a run cut short shows what it had done).
 */
export async function runSubscriptionCycles(at: Date = now(), options: CycleRunOptions = {}) {
  const { batch = BATCH, budgetMs = Number.POSITIVE_INFINITY, signal } = options;
  const log = options.logger ?? platformLogger;
  const started = performance.now();
  const timeLeft = () => !signal?.aborted && performance.now() - started < budgetMs;
  const retomadas = await resumeDuePauses(at);
  let pagos = 0;
  let expirados = 0;
  for (let after: string | null = null; ; ) {
    const page = await settle(at, after, batch * 5);
    pagos += page.pagos;
    expirados += page.expirados;
    if (page.last === null || !timeLeft()) break;
    after = page.last;
  }
  let lembretes = 0;
  let pedidos = 0;
  // One batch of reminders, then one of orders (a renewal reminded late in its day is ordered
  // in the same run), while either found a full batch and moved it on.
  while (timeLeft()) {
    const reminded = await remind(at, batch);
    lembretes += reminded.created;
    if (reminded.created > 0) {
      log.info(
        { lembretes: reminded.created, total: lembretes },
        "compras programadas: lote de ciclos lembrados",
      );
    }
    const renewed = await renew(at, batch, log);
    pedidos += renewed.placed;
    if (renewed.moved > 0) {
      log.info(
        {
          pedidos: renewed.placed,
          aguardando: renewed.moved - renewed.placed,
          total: pedidos,
        },
        "compras programadas: lote de pedidos de renovação",
      );
    }
    const full = (b: Batch) => b.found === batch && b.moved > 0;
    if (!full(reminded) && !full(renewed)) break;
    if (!timeLeft()) {
      log.warn(
        { lembretes, pedidos, ms: Math.round(performance.now() - started) },
        "compras programadas: tempo da execução esgotado; a próxima continua",
      );
    }
  }
  return { retomadas, lembretes, pedidos, pagos, expirados };
}

/**
 * "Pagar agora": the next date's renewal placed at once, today's prices accepted. With a
 * choice (a waiting renewal's other pack size or unit, decision 0090) the choice is applied
 * first, then the renewal goes the same way.
 */
export async function payNow(
  id: string,
  choice?: RenewalChoice,
): Promise<{ ok: boolean; message: string }> {
  let [row] = await db().select().from(assinaturas).where(eq(assinaturas.id, id));
  if (row?.estado !== "ativa") return { ok: false, message: "Esta assinatura não está ativa." };
  const [cycle] = await db()
    .select()
    .from(ciclosAssinatura)
    .where(and(eq(ciclosAssinatura.assinaturaId, id), eq(ciclosAssinatura.data, row.proximaData)));
  if (cycle && !["lembrado", "aguardando_cliente"].includes(cycle.estado)) {
    return { ok: false, message: "O pedido desta data já foi criado." };
  }
  if (choice && (choice.trocas.length > 0 || choice.unidadeId)) {
    const retirada = await pickUpUnits();
    const refused = await transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(assinaturas)
        .where(eq(assinaturas.id, id))
        .for("update");
      if (locked?.proximaData !== row!.proximaData) return "A assinatura mudou; tente de novo.";
      return applyChoice(tx, locked, choice, retirada);
    });
    if (refused) return { ok: false, message: refused };
    [row] = await db().select().from(assinaturas).where(eq(assinaturas.id, id));
  }
  const placed = await placeRenewal(row!, now(), { accept: true });
  return placed.ok
    ? { ok: true, message: `Pedido ${placed.numero} criado. Pague pela página do pedido.` }
    : { ok: false, message: placed.message };
}
