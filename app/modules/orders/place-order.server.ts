// Placing a store order, in ONE transaction, as its steps: check the payment method and the
// area, take the stock (inventory; each product re-read under its lock, active, with its
// price), price the order (coupon re-checked and counted, every total on the server), write
// the order and its items, and announce it (the order webhook). Either all of it happens
// or nothing does.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import {
  db,
  type Executor,
  insertRows,
  runSql,
  type Tx,
  transaction,
} from "~/infra/db/client.server";
import { uniqueViolation } from "~/infra/db/errors.server";
import {
  BAIRRO_NOT_SERVED,
  type DeliveryArea,
  type DeliveryRules,
  findServedArea,
} from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import {
  quantitiesOf,
  type ShortItem,
  type TakenUnits,
  takeStock,
} from "~/modules/inventory/index.server";
import { paymentConfigFrom, pixOnlineAvailable } from "~/modules/payments/index.server";
import { COUPON_INVALID, type CouponResult, evaluateCoupon } from "~/modules/promotions";
import { cupons } from "~/modules/promotions/index.server";
import { currentSettings, type Settings } from "~/modules/shop/index.server";
import { type CheckoutInput, PAYMENT_UNAVAILABLE_MESSAGE } from "./checkout.schema";
import { orderNumber } from "./number";
import { withItems } from "./queries.server";
import { type ItemPedido, itensPedido, type Pedido, pedidos } from "./tables.server";
import { hashToken, orderToken } from "./token.server";
import { computeTotals, type OrderTotals } from "./totals";
import { announceOrder } from "./webhook.server";

export type OrderInput = Omit<CheckoutInput, "itens" | "email"> & {
  itens: { produtoId: string; quantidade: number }[];
  /** The payer's e-mail, for online Pix only. */
  email?: string | null;
};

type PlaceOrderResult =
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

function shortStockMessage(itens: ShortItem[]): string {
  const parts = itens.map((i) =>
    i.disponivel === 0
      ? `${i.nome}: esgotado`
      : `${i.nome}: ${i.disponivel === 1 ? "resta 1 unidade" : `restam ${i.disponivel} unidades`}`,
  );
  return `Estoque insuficiente. ${parts.join("; ")}.`;
}

async function findByIdempotencyKey(key: string, executor: Executor = db()) {
  const [pedido] = await executor.select().from(pedidos).where(eq(pedidos.idempotencyKey, key));
  if (!pedido) return null;
  return withItems(pedido, executor);
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

async function placeOrderOnce(
  input: OrderInput,
  token: string,
  at: Date,
  settings: Settings,
  rules: DeliveryRules,
) {
  return transaction(async (tx) => {
    checkPaymentMethod(input, settings);
    const area = checkArea(rules, input.bairro);
    const lines = priceLines(await takeOrderStock(tx, input.itens, at));
    const priced = await priceOrder(tx, input, lines, { area, rules, settings, at });
    const placed = await writeOrder(tx, input, { token, at, area, lines, priced });
    await announceOrder(tx, settings, placed.pedido, at, { itens: placed.itens });
    return placed;
  });
}

/** The payment method must be on now: the form may be older than a switch-off. */
function checkPaymentMethod(input: OrderInput, settings: Settings) {
  const off =
    (input.formaPagamento === "pix" && !settings.pixManualAtivo) ||
    (input.formaPagamento === "pix_mercadopago" &&
      (!pixOnlineAvailable(paymentConfigFrom(settings)) || !input.email));
  if (off) {
    throw new OrderRejected({
      ok: false,
      error: "pagamento",
      message: PAYMENT_UNAVAILABLE_MESSAGE,
    });
  }
}

/** The neighbourhood must be served: its area gives the fee and the saved name. */
function checkArea(rules: DeliveryRules, bairro: string): DeliveryArea {
  const area = findServedArea(rules, bairro);
  if (!area) throw new OrderRejected({ ok: false, error: "bairro", message: BAIRRO_NOT_SERVED });
  return area;
}

/** Takes the units of every line (repeated lines merged), or refuses naming what fails. */
async function takeOrderStock(tx: Tx, itens: OrderInput["itens"], at: Date) {
  const result = await takeStock(tx, quantitiesOf(itens), at);
  if (result.ok) return result.taken;
  if (result.unavailable.length > 0) {
    throw new OrderRejected({
      ok: false,
      error: "indisponivel",
      message: `Produto não disponível: ${result.unavailable.map((u) => u.nome).join(", ")}. Remova-o do carrinho.`,
      itens: result.unavailable,
    });
  }
  throw new OrderRejected({
    ok: false,
    error: "estoque",
    message: shortStockMessage(result.short),
    itens: result.short,
  });
}

interface OrderLine {
  produtoId: string;
  nome: string;
  /** Unit price in centavos, as read with the stock. */
  preco: number;
  quantidade: number;
}

/** The lines at the prices read under the products' locks. */
function priceLines(taken: TakenUnits[]): OrderLine[] {
  return taken.map((t) => ({
    produtoId: t.produtoId,
    nome: t.nome,
    preco: decimalToCentavos(t.precoAtual),
    quantidade: t.quantidade,
  }));
}

interface PricedOrder {
  totals: OrderTotals;
  coupon: CouponResult | null;
  cupomId: string | null;
}

/** Every total on the server: the coupon (checked and its use counted), fee, discounts, change. */
async function priceOrder(
  tx: Tx,
  input: OrderInput,
  lines: OrderLine[],
  context: { area: DeliveryArea; rules: DeliveryRules; settings: Settings; at: Date },
): Promise<PricedOrder> {
  const subtotal = lines.reduce((s, l) => s + l.preco * l.quantidade, 0);
  const { coupon, cupomId } = input.cupom
    ? await countCoupon(tx, input.cupom, subtotal, context.at)
    : { coupon: null, cupomId: null };
  const totals = computeTotals(lines, coupon, context.area, context.rules, {
    formaPagamento: input.formaPagamento,
    pixDescontoPercentual: context.settings.pixDescontoPercentual,
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
  return { totals, coupon, cupomId };
}

/** Checks the coupon against the subtotal and counts its use atomically. */
async function countCoupon(tx: Tx, codigo: string, subtotal: number, at: Date) {
  const [row] = await tx.select().from(cupons).where(eq(cupons.codigo, codigo));
  const coupon = evaluateCoupon(row ?? null, subtotal, at);
  if (!coupon.ok) {
    throw new OrderRejected({ ok: false, error: "cupom", message: coupon.message });
  }
  // Of two last uses, only one passes this guard.
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
  return { coupon, cupomId: counted.id };
}

/** Inserts the order and its items in one statement (one round trip). */
async function writeOrder(
  tx: Tx,
  input: OrderInput,
  placed: { token: string; at: Date; area: DeliveryArea; lines: OrderLine[]; priced: PricedOrder },
): Promise<{ pedido: Pedido; itens: ItemPedido[] }> {
  const { token, at, area, lines, priced } = placed;
  const { totals, coupon } = priced;
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
    cupomId: priced.cupomId,
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
  const order = insertRows(pedidos, [pedido]);
  const items = insertRows(itensPedido, itens, order.values.length);
  await runSql(
    tx,
    `with pedido as (${order.text}) ${items.text}`,
    [...order.values, ...items.values],
    `pedido_insere_${itens.length}_itens`,
  );
  return { pedido, itens };
}
