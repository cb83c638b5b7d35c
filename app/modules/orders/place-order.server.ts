// Placing a store order, in ONE transaction: re-read every product (active, price),
// decrement stock only where it suffices, re-check and count the coupon, compute every
// total on the server, insert the order and its items, and queue the order webhook.
// Either all of it happens or nothing does. Admin-side functions live elsewhere.
import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { centavosToReais, decimalToCentavos } from "~/domain/money";
import { db, type Executor, insertRows, runSql, transaction } from "~/infra/db/client.server";
import { uniqueViolation } from "~/infra/db/errors.server";
import {
  cupons,
  type ItemPedido,
  itensPedido,
  type Pedido,
  pedidos,
  produtos,
} from "~/infra/db/schema.server";
import { sessionSecret } from "~/infra/secret.server";
import { deliveryRules } from "~/modules/delivery/bairros.server";
import { BAIRRO_NOT_SERVED, type DeliveryRules, findServedArea } from "~/modules/delivery/fees";
import { enqueueWebhook } from "~/modules/notifications/webhooks.server";
import { type CheckoutInput, PAYMENT_UNAVAILABLE_MESSAGE } from "~/modules/orders/checkout.schema";
import { orderNumber } from "~/modules/orders/number";
import { computeTotals } from "~/modules/orders/totals";
import { paymentConfigFrom, pixOnlineAvailable } from "~/modules/payments/settings.server";
import { COUPON_INVALID, type CouponResult, evaluateCoupon } from "~/modules/promotions/coupon";
import { currentSettings, type Settings, webhookUrlFor } from "~/modules/shop/settings.server";

export type OrderInput = Omit<CheckoutInput, "itens" | "email"> & {
  itens: { produtoId: string; quantidade: number }[];
  /** The payer's e-mail, for online Pix only. */
  email?: string | null;
};

export interface ShortItem {
  produtoId: string;
  nome: string;
  disponivel: number;
  pedido: number;
}

export type PlaceOrderResult =
  | { ok: true; pedido: Pedido; itens: ItemPedido[]; token: string; created: boolean }
  | { ok: false; error: "estoque"; message: string; itens: ShortItem[] }
  | {
      ok: false;
      error: "indisponivel";
      message: string;
      itens: { produtoId: string; nome: string }[];
    }
  | { ok: false; error: "cupom" | "bairro" | "pagamento" | "troco"; message: string };

type Failure = Exclude<PlaceOrderResult, { ok: true }>;

/** Thrown inside the transaction to roll it back and carry the customer's message out. */
class OrderRejected extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export function shortStockMessage(itens: ShortItem[]): string {
  const parts = itens.map((i) =>
    i.disponivel === 0
      ? `${i.nome}: esgotado`
      : `${i.nome}: ${i.disponivel === 1 ? "resta 1 unidade" : `restam ${i.disponivel} unidades`}`,
  );
  return `Estoque insuficiente. ${parts.join("; ")}.`;
}

/** The secret of the order link: derived from the form's idempotency key, so a retry gets it back. */
export function orderToken(idempotencyKey: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`pedido:${idempotencyKey}`)
    .digest("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function findByIdempotencyKey(key: string, executor: Executor = db()) {
  const [pedido] = await executor.select().from(pedidos).where(eq(pedidos.idempotencyKey, key));
  if (!pedido) return null;
  const itens = await executor
    .select()
    .from(itensPedido)
    .where(eq(itensPedido.pedidoId, pedido.id))
    .orderBy(asc(itensPedido.produtoNome));
  return { pedido, itens };
}

/**
 * Places the order. `settings` are the shop's settings as the caller just read them (the
 * checkout reads them to pick its form schema; reading them again in the transaction would
 * see nothing newer, as it takes no lock on them); without them they are read here.
 */
export async function placeOrder(
  input: OrderInput,
  now: () => Date = () => new Date(),
  settings?: Settings,
) {
  const token = orderToken(input.idempotencyKey);
  const done = (found: { pedido: Pedido; itens: ItemPedido[] }, created: boolean) =>
    ({ ok: true, ...found, token, created }) as const;

  // Read before the transaction: they take no lock, and the embedded database runs one
  // statement at a time, so a read outside the transaction would wait for it.
  const current = settings ?? (await currentSettings());
  const rules = await deliveryRules(current);
  // A retried submit whose first attempt went through gets that same order. The key is
  // looked up only when this attempt cannot go through (the first attempt took the stock or
  // the coupon's last use, or its order holds the key), not before every order.
  for (let attempt = 0; ; attempt++) {
    try {
      return done(await placeOrderOnce(input, token, now(), current, rules), true);
    } catch (error) {
      if (error instanceof OrderRejected) {
        const previous = await findByIdempotencyKey(input.idempotencyKey);
        return previous ? done(previous, false) : (error.failure as PlaceOrderResult);
      }
      const constraint = uniqueViolation(error);
      if (constraint?.includes("idempotency")) {
        // The same submit raced itself (double click) or came again: the first one won.
        const winner = await findByIdempotencyKey(input.idempotencyKey);
        if (winner) return done(winner, false);
      }
      if (constraint?.includes("numero") && attempt < 3) continue;
      throw error;
    }
  }
}

/** Takes the units when the product is on sale and has them: its name and price, or no row. */
const TAKE_STOCK = `update produtos set estoque = estoque - $1, updated_at = $2
  where id = $3 and ativo and excluido_em is null and estoque >= $1
  returning nome, preco_atual`;

async function placeOrderOnce(
  input: OrderInput,
  token: string,
  at: Date,
  settings: Settings,
  rules: DeliveryRules,
) {
  return transaction(async (tx) => {
    if (input.formaPagamento === "pix" && !settings.pixManualAtivo) {
      throw new OrderRejected({
        ok: false,
        error: "pagamento",
        message: PAYMENT_UNAVAILABLE_MESSAGE,
      });
    }
    // Checked against the settings of this submit: the form may be older than a switch-off.
    if (
      input.formaPagamento === "pix_mercadopago" &&
      (!pixOnlineAvailable(paymentConfigFrom(settings)) || !input.email)
    ) {
      throw new OrderRejected({
        ok: false,
        error: "pagamento",
        message: PAYMENT_UNAVAILABLE_MESSAGE,
      });
    }
    const area = findServedArea(rules, input.bairro);
    if (!area) throw new OrderRejected({ ok: false, error: "bairro", message: BAIRRO_NOT_SERVED });

    // Merge repeated lines; lock rows in id order so two orders never deadlock.
    const wanted = new Map<string, number>();
    for (const item of input.itens) {
      wanted.set(item.produtoId, (wanted.get(item.produtoId) ?? 0) + item.quantidade);
    }
    const ids = [...wanted.keys()].sort();

    const lines: { produtoId: string; nome: string; preco: number; quantidade: number }[] = [];
    const short: ShortItem[] = [];
    const unavailable: { produtoId: string; nome: string }[] = [];
    for (const id of ids) {
      const quantidade = wanted.get(id)!;
      const [updated] = await runSql<{ nome: string; preco_atual: string }>(
        tx,
        TAKE_STOCK,
        [quantidade, at, id],
        "pedido_baixa_estoque",
      );
      if (updated) {
        const preco = decimalToCentavos(updated.preco_atual);
        lines.push({ produtoId: id, nome: updated.nome, preco, quantidade });
        continue;
      }
      const [current] = await tx
        .select({
          nome: produtos.nome,
          estoque: produtos.estoque,
          ativo: produtos.ativo,
          excluidoEm: produtos.excluidoEm,
        })
        .from(produtos)
        .where(eq(produtos.id, id));
      if (!current?.ativo || current.excluidoEm) {
        unavailable.push({ produtoId: id, nome: current?.nome ?? "Produto" });
      } else {
        short.push({
          produtoId: id,
          nome: current.nome,
          disponivel: current.estoque,
          pedido: quantidade,
        });
      }
    }
    if (unavailable.length > 0) {
      throw new OrderRejected({
        ok: false,
        error: "indisponivel",
        message: `Produto não disponível: ${unavailable.map((u) => u.nome).join(", ")}. Remova-o do carrinho.`,
        itens: unavailable,
      });
    }
    if (short.length > 0) {
      throw new OrderRejected({
        ok: false,
        error: "estoque",
        message: shortStockMessage(short),
        itens: short,
      });
    }

    const subtotal = lines.reduce((s, l) => s + l.preco * l.quantidade, 0);
    let coupon: CouponResult | null = null;
    let cupomId: string | null = null;
    if (input.cupom) {
      const [row] = await tx.select().from(cupons).where(eq(cupons.codigo, input.cupom));
      coupon = evaluateCoupon(row ?? null, subtotal, at);
      if (!coupon.ok) {
        throw new OrderRejected({ ok: false, error: "cupom", message: coupon.message });
      }
      // Count the use atomically: of two last uses, only one passes this guard.
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
      if (!counted) throw new OrderRejected({ ok: false, error: "cupom", message: COUPON_INVALID });
      cupomId = counted.id;
    }

    const totals = computeTotals(lines, coupon, area, rules, {
      formaPagamento: input.formaPagamento,
      pixDescontoPercentual: settings.pixDescontoPercentual,
    });
    if (
      input.formaPagamento === "dinheiro" &&
      input.trocoPara !== null &&
      input.trocoPara < totals.total
    ) {
      throw new OrderRejected({
        ok: false,
        error: "troco",
        message: "O valor para troco deve ser maior que o total do pedido",
      });
    }

    const endereco = [`${input.endereco}, ${input.numero}`, input.complemento]
      .filter(Boolean)
      .join(" - ");
    // Every column is written here, defaults included, so this object is the saved row.
    const pedido: Pedido = {
      id: crypto.randomUUID(),
      numeroPedido: orderNumber(at.getTime()),
      tokenHash: hashToken(token),
      idempotencyKey: input.idempotencyKey,
      clienteNome: input.nome,
      clienteTelefone: input.telefone,
      clienteEndereco: endereco,
      clienteBairro: area.nome,
      clienteReferencia: input.referencia,
      clienteEmail: input.formaPagamento === "pix_mercadopago" ? (input.email ?? null) : null,
      janelaEntrega: input.janelaEntrega,
      observacoes: input.observacoes,
      subtotal: totals.subtotal,
      taxaEntrega: totals.taxaEntrega,
      desconto: totals.desconto,
      descontoPix: totals.descontoPix,
      total: totals.total,
      cupomCodigo: coupon?.ok ? coupon.codigo : null,
      cupomId,
      formaPagamento: input.formaPagamento,
      trocoPara: input.formaPagamento === "dinheiro" ? input.trocoPara : null,
      statusPedido: "novo",
      statusPagamento: "aguardando",
      estoqueDevolvido: false,
      createdAt: at,
      updatedAt: at,
    };
    const itens: ItemPedido[] = lines.map((l) => ({
      id: crypto.randomUUID(),
      pedidoId: pedido.id,
      produtoId: l.produtoId,
      produtoNome: l.nome,
      produtoPreco: l.preco,
      quantidade: l.quantidade,
      subtotal: l.preco * l.quantidade,
    }));
    // The order and its items in one statement (one round trip).
    const order = insertRows(pedidos, [pedido]);
    const items = insertRows(itensPedido, itens, order.values.length);
    await runSql(
      tx,
      `with pedido as (${order.text}) ${items.text}`,
      [...order.values, ...items.values],
      `pedido_insere_${itens.length}_itens`,
    );

    const url = webhookUrlFor(settings, "pedido");
    if (url) {
      await enqueueWebhook(tx, {
        tipo: "pedido",
        url,
        referenciaId: pedido.id,
        payload: orderWebhookPayload(pedido, itens, at),
      });
    }
    return { pedido, itens };
  });
}

/** SPEC §7.5: tipo, pedido, itens, cliente, timestamp (money in reais). */
export function orderWebhookPayload(pedido: Pedido, itens: ItemPedido[], at: Date) {
  return {
    tipo: "pedido",
    pedido: {
      id: pedido.id,
      numero_pedido: pedido.numeroPedido,
      subtotal: centavosToReais(pedido.subtotal),
      taxa_entrega: centavosToReais(pedido.taxaEntrega),
      desconto: centavosToReais(pedido.desconto),
      desconto_pix: centavosToReais(pedido.descontoPix),
      total: centavosToReais(pedido.total),
      cupom_codigo: pedido.cupomCodigo,
      forma_pagamento: pedido.formaPagamento,
      troco_para: pedido.trocoPara === null ? null : centavosToReais(pedido.trocoPara),
      janela_entrega: pedido.janelaEntrega,
      observacoes: pedido.observacoes,
      status_pedido: pedido.statusPedido,
      status_pagamento: pedido.statusPagamento,
      created_at: pedido.createdAt.toISOString(),
    },
    itens: itens.map((i) => ({
      produto_id: i.produtoId,
      produto_nome: i.produtoNome,
      produto_preco: centavosToReais(i.produtoPreco),
      quantidade: i.quantidade,
      subtotal: centavosToReais(i.subtotal),
    })),
    cliente: {
      nome: pedido.clienteNome,
      telefone: pedido.clienteTelefone,
      endereco: pedido.clienteEndereco,
      bairro: pedido.clienteBairro,
      referencia: pedido.clienteReferencia,
    },
    timestamp: at.toISOString(),
  };
}

/** The customer's view of an order: only with the secret token of its link. */
export async function getCustomerOrder(
  numero: string,
  token: string | null | undefined,
  executor: Executor = db(),
): Promise<{ pedido: Pedido; itens: ItemPedido[] } | null> {
  if (!token || token.length > 200 || numero.length > 40) return null;
  const [pedido] = await executor.select().from(pedidos).where(eq(pedidos.numeroPedido, numero));
  if (!pedido) return null;
  const expected = Buffer.from(pedido.tokenHash, "hex");
  const given = Buffer.from(hashToken(token), "hex");
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const itens = await executor
    .select()
    .from(itensPedido)
    .where(eq(itensPedido.pedidoId, pedido.id))
    .orderBy(asc(itensPedido.produtoNome));
  return { pedido, itens };
}
