// Placing a store order, in ONE transaction, as its steps: check the payment method and the
// area, choose the unit and reserve the stock there (inventory; each variant re-read under
// its stock row's lock, on sale, with its price; an order is never split between units),
// price the order (coupon re-checked and counted, every total on the server), write the
// order and its lines as sold, and announce it (the order webhook). Either all of it
// happens or nothing does.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import { PICK_UP_PAYMENTS } from "~/domain/statuses";
import { saleVariants } from "~/modules/catalog/index.server";
import {
  BAIRRO_NOT_SERVED,
  type DeliveryArea,
  type DeliveryRules,
  findServedArea,
  type StreetAddress,
} from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import {
  type ReservedLine,
  reserveStock,
  type ShortItem,
  sumLines,
} from "~/modules/inventory/index.server";
import { cardOnlineOffered, pixOnlineOffered } from "~/modules/payments/index.server";
import type { CouponResult } from "~/modules/promotions";
import { redeemCoupon } from "~/modules/promotions/index.server";
import {
  currentSettings,
  listActiveUnits,
  type Settings,
  type Unidade,
} from "~/modules/shop/index.server";
import {
  db,
  type Executor,
  insertRows,
  runSql,
  type Tx,
  transaction,
} from "~/platform/db/client.server";
import { uniqueViolation } from "~/platform/db/errors.server";
import { emit } from "~/platform/events.server";
import { pickUpGapMessage } from "./cart";
import { pickUpGap } from "./cart.server";
import { type CheckoutInput, PAYMENT_UNAVAILABLE_MESSAGE } from "./checkout.schema";
import { orderNumber } from "./number";
import { orderPlacedEmails } from "./order-emails.server";
import { withItems } from "./queries.server";
import { type ItemPedido, itensPedido, type Pedido, pedidos } from "./tables.server";
import { hashToken, orderToken } from "./token.server";
import { computeTotals, type OrderTotals } from "./totals";
import { orderWebhook } from "./webhook.server";

export type OrderInput = Omit<
  CheckoutInput,
  "itens" | "email" | "modo" | "unidadeId" | "janelaEntrega" | "cep"
> & {
  /** The CEP's 8 digits, when the customer typed one (delivery). */
  cep?: string | null;
  itens: { varianteId: string; quantidade: number }[];
  /** Where confirmations go: optional, required for online Pix (the payer's e-mail). */
  email?: string | null;
  /** The site's address the customer ordered at, for the links in e-mails. */
  origem?: string | null;
  /** Receive at home (default) or pick up at `unidadeId`. */
  modo?: "entrega" | "retirada";
  unidadeId?: string | null;
  janelaEntrega: CheckoutInput["janelaEntrega"];
  /**
   * A "compra programada" renewal (issue 45): the percent off each variant's price read under
   * its stock lock (items only; the fee and free delivery follow the discounted lines), and the
   * order marked for the staff.
   */
  programada?: { descontos: Record<string, number> };
};

/** A delivery order's address, as placed (the neighbourhood as served). */
interface PlacedAddress extends StreetAddress {
  /** The served neighbourhood's name and row (null when the shop lists none). */
  bairro: string;
  bairroId: string | null;
}

/**
 * What the caller adds to a delivery order's transaction (a signed-in customer's address
 * book, decision 0074): it commits or rolls back with the order.
 */
export type AfterDelivery = (tx: Tx, address: PlacedAddress) => Promise<void>;

type PlaceOrderResult =
  | {
      ok: true;
      pedido: Pedido;
      itens: ItemPedido[];
      token: string;
      created: boolean;
      /** The unit that holds it (absent when a retried submit found the earlier order). */
      unidade?: Unidade;
    }
  | { ok: false; error: "estoque"; message: string; itens: ShortItem[] }
  | {
      ok: false;
      error: "indisponivel";
      message: string;
      itens: { varianteId: string; nome: string }[];
    }
  | {
      ok: false;
      error: "cupom" | "bairro" | "pagamento" | "troco" | "unidade";
      message: string;
    };

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
  afterDelivery?: AfterDelivery,
) {
  const token = orderToken(input.idempotencyKey);
  const done = (
    found: { pedido: Pedido; itens: ItemPedido[]; unidade?: Unidade },
    created: boolean,
  ) => ({ ok: true, ...found, token, created }) as const;

  // Read before the transaction: they take no lock, and the embedded database runs one
  // statement at a time, so a read outside the transaction would wait for it.
  const current = settings ?? (await currentSettings());
  const rules = await deliveryRules(current);
  // Kept in memory until the units change (read by every page too).
  const units = await listActiveUnits();
  // A retried submit whose first attempt went through gets that same order. The key is
  // looked up only when this attempt cannot go through (the first attempt took the stock or
  // the coupon's last use, or its order holds the key), not before every order.
  for (let attempt = 0; ; attempt++) {
    try {
      return done(
        await placeOrderOnce(input, token, now(), current, rules, units, afterDelivery),
        true,
      );
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
  units: Unidade[],
  afterDelivery?: AfterDelivery,
) {
  return transaction(async (tx) => {
    checkPaymentMethod(input, settings);
    const pickUp = input.modo === "retirada";
    const area = pickUp ? null : checkArea(rules, input.bairro ?? "");
    const candidates = pickUp
      ? [pickUpUnit(units, input.unidadeId)]
      : deliveringUnits(units, area!);
    const pedidoId = crypto.randomUUID();
    const { unidade, reserved } = await reserveAtOneUnit(tx, input, candidates, units, {
      pedidoId,
      at,
    });
    const lines = priceLines(reserved, input.programada?.descontos);
    const priced = await priceOrder(tx, input, lines, { area, rules, settings, at });
    const placed = await writeOrder(tx, input, {
      pedidoId,
      token,
      at,
      area,
      unidade,
      lines,
      priced,
    });
    if (area && afterDelivery) {
      await afterDelivery(tx, {
        logradouro: input.endereco ?? "",
        numero: input.numero ?? "",
        complemento: input.complemento ?? null,
        referencia: input.referencia ?? null,
        cep: input.cep ?? null,
        bairro: area.nome,
        bairroId: area.id ?? null,
      });
    }
    await emit(tx, {
      tipo: "pedido.criado",
      resourceType: "pedido",
      resourceId: placed.pedido.id,
      emails: orderPlacedEmails(placed.pedido, settings, input.origem ?? null),
      webhook: orderWebhook(tx, placed.pedido, at, {
        itens: placed.itens,
        unidade: { id: unidade.id, nome: unidade.nome },
      }),
    });
    return { ...placed, unidade };
  });
}

const open = (u: Unidade) => u.ativo && !u.emBreve;

/** The unit a pick-up order names: open, with pick-up on. */
function pickUpUnit(units: Unidade[], unidadeId: string | null | undefined): Unidade {
  const unit = units.find((u) => u.id === unidadeId && open(u) && u.retiradaAtiva);
  if (!unit) {
    throw new OrderRejected({
      ok: false,
      error: "unidade",
      message: "Essa unidade não faz retiradas no momento. Escolha outra.",
    });
  }
  return unit;
}

/**
 * The units that may deliver to the area, in the order they are tried: the one mapped to
 * the neighbourhood (else the first that delivers), then the others that deliver.
 */
function deliveringUnits(units: Unidade[], area: DeliveryArea): Unidade[] {
  const delivering = units.filter((u) => open(u) && u.atendeEntregas);
  const mapped = delivering.find((u) => u.id === area.unidadeId) ?? delivering[0];
  if (!mapped) {
    throw new OrderRejected({
      ok: false,
      error: "unidade",
      message: "No momento não estamos fazendo entregas. Escolha retirar na loja.",
    });
  }
  return [mapped, ...delivering.filter((u) => u !== mapped)];
}

/**
 * Reserves the whole order at the first candidate unit that holds all of it (never split).
 * Each try but the last runs in a savepoint, so a unit that falls short leaves nothing.
 * None holds it: refused, naming what is missing at the first unit and where it is.
 */
async function reserveAtOneUnit(
  tx: Tx,
  input: OrderInput,
  candidates: Unidade[],
  units: Unidade[],
  order: { pedidoId: string; at: Date },
): Promise<{ unidade: Unidade; reserved: ReservedLine[] }> {
  const lines = sumLines(input.itens);
  let firstFailure: Awaited<ReturnType<typeof reserveStock>> | null = null;
  for (const [index, unidade] of candidates.entries()) {
    const last = index === candidates.length - 1;
    const attempt = (t: Tx) => reserveStock(t, unidade.id, lines, order.pedidoId, order.at);
    const result = last
      ? await attempt(tx)
      : await tx
          .transaction(async (savepoint) => {
            const r = await attempt(savepoint);
            if (!r.ok) throw new ReservationShort(r);
            return r;
          })
          .catch((error: unknown) => {
            if (error instanceof ReservationShort) return error.result;
            throw error;
          });
    if (result.ok) return { unidade, reserved: result.reserved };
    firstFailure ??= result;
  }
  const failure = firstFailure as Extract<Awaited<ReturnType<typeof reserveStock>>, { ok: false }>;
  if (failure.unavailable.length > 0) {
    throw new OrderRejected({
      ok: false,
      error: "indisponivel",
      message: `Produto não disponível: ${failure.unavailable.map((u) => u.nome).join(", ")}. Remova-o do carrinho.`,
      itens: failure.unavailable,
    });
  }
  // A pick-up says what the unit lacks and where it is, in the words of the checkout's notice.
  const message =
    input.modo === "retirada"
      ? await pickUpShortMessage(tx, failure.short, candidates[0]!, units)
      : shortStockMessage(failure.short);
  throw new OrderRejected({ ok: false, error: "estoque", message, itens: failure.short });
}

class ReservationShort extends Error {
  constructor(readonly result: Awaited<ReturnType<typeof reserveStock>>) {
    super("reserva insuficiente");
  }
}

/** The pick-up refusal: each short line with the other units and the delivery that hold it. */
async function pickUpShortMessage(
  tx: Tx,
  short: ShortItem[],
  unidade: Unidade,
  units: Unidade[],
): Promise<string> {
  const variants = new Map(
    (
      await saleVariants(
        short.map((s) => s.varianteId),
        tx,
      )
    ).map((v) => [v.id, v]),
  );
  const gaps = short.map((s) => {
    const variant = variants.get(s.varianteId);
    return variant
      ? pickUpGap(variant, s.nome, s.disponivel, s.pedido, unidade.id, units)
      : {
          nome: s.nome,
          naUnidade: s.disponivel,
          pedida: s.pedido,
          outrasUnidades: [],
          entrega: false,
        };
  });
  return pickUpGapMessage(unidade.nome, gaps);
}

/** The payment method must be on now, and fit the mode: the form may be older than a switch-off. */
function checkPaymentMethod(input: OrderInput, settings: Settings) {
  const off =
    (input.formaPagamento === "pix" && !settings.pixManualAtivo) ||
    (input.formaPagamento === "pix_mercadopago" && (!pixOnlineOffered(settings) || !input.email)) ||
    (input.formaPagamento === "cartao_mercadopago" &&
      (!cardOnlineOffered(settings) || !input.email)) ||
    (input.modo === "retirada"
      ? !PICK_UP_PAYMENTS.includes(input.formaPagamento)
      : input.formaPagamento === "balcao");
  if (off) {
    throw new OrderRejected({
      ok: false,
      error: "pagamento",
      message: PAYMENT_UNAVAILABLE_MESSAGE,
    });
  }
}

/** The neighbourhood must be served: its area gives the fee, the unit and the saved name. */
function checkArea(rules: DeliveryRules, bairro: string): DeliveryArea {
  const area = findServedArea(rules, bairro);
  if (!area) throw new OrderRejected({ ok: false, error: "bairro", message: BAIRRO_NOT_SERVED });
  return area;
}

interface OrderLine {
  varianteId: string;
  produtoId: string;
  sku: string;
  nome: string;
  rotulo: string;
  /** Unit price in centavos, as read with the stock; the old price when higher. */
  preco: number;
  precoAntes: number | null;
  quantidade: number;
}

/**
 * The lines at the prices read under the stock rows' locks; a subscription's discount takes
 * its percent off and shows the price of the day crossed out.
 */
function priceLines(reserved: ReservedLine[], descontos?: Record<string, number>): OrderLine[] {
  return reserved.map((r) => {
    const cheio = decimalToCentavos(r.preco);
    const percent = descontos?.[r.varianteId] ?? 0;
    const preco = percent > 0 ? Math.round((cheio * (100 - percent)) / 100) : cheio;
    const lido = r.precoAntes === null ? null : decimalToCentavos(r.precoAntes);
    const antes = percent > 0 ? Math.max(cheio, lido ?? 0) : lido;
    return {
      varianteId: r.varianteId,
      produtoId: r.produtoId,
      sku: r.sku,
      nome: r.produtoNome,
      rotulo: r.rotulo,
      preco,
      precoAntes: antes !== null && antes > preco ? antes : null,
      quantidade: r.quantidade,
    };
  });
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
  context: { area: DeliveryArea | null; rules: DeliveryRules; settings: Settings; at: Date },
): Promise<PricedOrder> {
  const subtotal = lines.reduce((s, l) => s + l.preco * l.quantidade, 0);
  const { coupon, cupomId } = input.cupom
    ? await countCoupon(tx, input.cupom, subtotal, context.at)
    : { coupon: null, cupomId: null };
  const totals = computeTotals(lines, coupon, context.area ?? "retirada", context.rules, {
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

/** Checks the coupon against the subtotal and counts its use atomically (promotions). */
async function countCoupon(tx: Tx, codigo: string, subtotal: number, at: Date) {
  const redeemed = await redeemCoupon(tx, codigo, subtotal, at);
  if (!redeemed.ok) {
    throw new OrderRejected({ ok: false, error: "cupom", message: redeemed.message });
  }
  return { coupon: redeemed.coupon, cupomId: redeemed.cupomId };
}

/** Inserts the order and its items in one statement (one round trip). */
async function writeOrder(
  tx: Tx,
  input: OrderInput,
  placed: {
    pedidoId: string;
    token: string;
    at: Date;
    area: DeliveryArea | null;
    unidade: Unidade;
    lines: OrderLine[];
    priced: PricedOrder;
  },
): Promise<{ pedido: Pedido; itens: ItemPedido[] }> {
  const { token, at, area, unidade, lines, priced } = placed;
  const { totals, coupon } = priced;
  const pickUp = area === null;
  const endereco = pickUp
    ? ""
    : [`${input.endereco}, ${input.numero}`, input.complemento].filter(Boolean).join(" - ");
  // Every column is written here, defaults included, so this object is the saved row.
  const pedido: Pedido = {
    id: placed.pedidoId,
    numeroPedido: orderNumber(),
    tokenHash: hashToken(token),
    idempotencyKey: input.idempotencyKey,
    clienteNome: input.nome,
    clienteTelefone: input.telefone,
    modo: pickUp ? "retirada" : "entrega",
    unidadeId: unidade.id,
    clienteEndereco: endereco,
    clienteBairro: area?.nome ?? "",
    clienteReferencia: input.referencia,
    clienteCep: pickUp ? null : (input.cep ?? null),
    clienteEmail: input.email || null,
    emailsStatus: true,
    janelaEntrega: pickUp ? null : input.janelaEntrega,
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
    pagoAposCancelamentoEm: null,
    estoqueSituacao: "reservado",
    codigoRetirada: pickUp ? pickUpCode() : null,
    prontoEm: null,
    retiradoEm: null,
    compraProgramada: Boolean(input.programada),
    createdAt: at,
    updatedAt: at,
  };
  const itens: ItemPedido[] = lines.map((l) => ({
    id: crypto.randomUUID(),
    pedidoId: pedido.id,
    produtoId: l.produtoId,
    varianteId: l.varianteId,
    sku: l.sku,
    produtoNome: l.nome,
    varianteRotulo: l.rotulo,
    produtoPreco: l.preco,
    produtoPrecoAntes: l.precoAntes,
    unidadeId: unidade.id,
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

/** Four digits the customer says at the counter. */
function pickUpCode(): string {
  return String(crypto.randomInt(0, 10_000)).padStart(4, "0");
}
