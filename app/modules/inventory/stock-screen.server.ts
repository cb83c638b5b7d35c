import { formatDateTime } from "~/domain/dates";
import { clampPage } from "~/domain/pagination";
import { seesUnit, type UnitScope, unitsInScope } from "~/domain/unit-scope";
import { staffLabels } from "~/modules/accounts/index.server";
import { lineName, normalizeSearch } from "~/modules/catalog";
import { activeUnits as listActiveUnitsIn } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { receiveStock } from "./receive.server";
import type {
  AdjustStockInput,
  EnterStockInput,
  MinimumInput,
  TransferStockInput,
} from "./stock.schema";
import { setStockInHand } from "./stock.server";
import type { TipoMovimento } from "./tables.server";
import { inTransitAt, sendStock } from "./transfers.server";

/** Who changes stock by hand: the admin of the audit log, and the e-mail the ledger keeps. */
export interface StockActor extends AdminActor {
  email: string;
}

const STOCK_PAGE_SIZE = 20;
/**
 * The variants are counted up to here, and the pages reach as far ("mais de"): counting a
 * large catalogue's 30,000 variants on every page cost more than the page.
 */
const STOCK_COUNT_LIMIT = 10_000;
const HISTORY_PAGE_SIZE = 30;

/** A unit as the screen names it. */
export interface StockUnit {
  id: string;
  nome: string;
}

/** One variant at one unit. */
export interface StockFigures {
  unidadeId: string;
  unidadeNome: string;
  emMaos: number;
  reservado: number;
  disponivel: number;
  /** 0 = no minimum. */
  minimo: number;
  /** Available below a minimum above 0. */
  abaixoDoMinimo: boolean;
  /** Sent to this unit and not yet received (in no unit's figures; decision 0076). */
  emTransito: number;
  /** Sent from this unit (already out of em mãos) and not yet received at the destination. */
  enviadoEmTransito: number;
}

/** One variant with its figures at each unit shown. */
export interface StockRow {
  varianteId: string;
  produtoNome: string;
  /** "15 kg"; empty for a product's only variant. */
  rotulo: string;
  /** "Ração X — 15 kg". */
  nome: string;
  sku: string;
  /** On sale (the variant and its product active). */
  ativo: boolean;
  porUnidade: StockFigures[];
}

export interface StockListing {
  rows: StockRow[];
  /** Up to STOCK_COUNT_LIMIT. */
  total: number;
  /** False when more variants match than were counted: "mais de {total}". */
  totalExato: boolean;
  /** The first row's cursor when there is a previous page (?antes=). */
  anterior: string | null;
  /** The last row's cursor when there is a next page (?depois=). */
  proxima: string | null;
  page: number;
  pageSize: number;
  /** The person's active units (decision 0069): the filter, the counts, a transfer's origin. */
  unidades: StockUnit[];
  /** Every active unit: where a transfer may go. */
  destinos: StockUnit[];
}

export interface StockFilters {
  /** Words of the product's name, description or code, or of the variant's SKU or label. */
  q?: string;
  /** Only this unit's figures (and its minimum for `abaixoDoMinimo`). */
  unidadeId?: string;
  /** Only variants whose available units are below their minimum (at the unit, or at any). */
  abaixoDoMinimo?: boolean;
  page?: number;
  /** Keyset: the next page goes on after this row's cursor… */
  depois?: string;
  /** …and the previous page ends before this one. */
  antes?: string;
}

/** Where a row stands in the screen's order: lower(nome), product id, position, SKU. */
type StockCursor = [nome: string, produtoId: string, posicao: number, sku: string];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(c: StockCursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

/** A cursor from a URL, or null for anything the screen did not write. */
function decodeCursor(text: string | undefined): StockCursor | null {
  if (!text) return null;
  try {
    const c: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(c) &&
      c.length === 4 &&
      typeof c[0] === "string" &&
      typeof c[1] === "string" &&
      UUID.test(c[1]) &&
      Number.isSafeInteger(c[2]) &&
      typeof c[3] === "string"
    ) {
      return c as StockCursor;
    }
  } catch {
    // Not a cursor: the first page.
  }
  return null;
}

/** The active units, in the order the shop shows them. */
async function activeUnits(executor: Executor): Promise<StockUnit[]> {
  return (await listActiveUnitsIn(executor)).map((u) => ({ id: u.id, nome: u.nome }));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lower-case and accent-free in SQL, as normalizeSearch is in TypeScript (for SKU and label). */
const plain = (column: string) =>
  `translate(lower(${column}), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;

/** Available below a minimum above 0: the one rule of 'abaixo do mínimo'. */
const BELOW_MINIMUM = "e.minimo > 0 and e.disponivel < e.minimo";

/** Variants × units, one page of variants ordered by product name and variant position. */
export async function listStock(
  filters: StockFilters,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<StockListing> {
  const every = await activeUnits(executor);
  // Only the person's units are shown, filtered or not (decision 0069).
  const units = unitsInScope(scope, every);
  const shown = filters.unidadeId ? units.filter((u) => u.id === filters.unidadeId) : units;
  const where = ["p.excluido_em is null"];
  const values: unknown[] = [];
  const q = normalizeSearch(filters.q);
  for (const word of q ? q.split(" ") : []) {
    values.push(`%${escapeLike(word)}%`);
    const n = values.length;
    where.push(
      `(p.busca like $${n} or ${plain("v.sku")} like $${n} or ${plain("v.rotulo")} like $${n})`,
    );
  }
  if (filters.abaixoDoMinimo) {
    values.push(shown.map((u) => u.id));
    where.push(
      `exists (select 1 from estoque e where e.variante_id = v.id
         and e.unidade_id = any($${values.length}::uuid[]) and ${BELOW_MINIMUM})`,
    );
  }
  const from = `from variantes v join produtos p on p.id = v.produto_id where ${where.join(" and ")}`;
  const [count] = await runSql<{ total: number }>(
    executor,
    `select count(*)::int as total from (select 1 ${from} limit ${STOCK_COUNT_LIMIT + 1}) t`,
    values,
  );
  const counted = count?.total ?? 0;
  const total = Math.min(counted, STOCK_COUNT_LIMIT);
  const columns = `v.id, p.nome, v.rotulo, v.sku, (v.ativo and p.ativo) as ativo,
    lower(p.nome) as nome_ordem, p.id as produto_id, v.posicao`;
  const order = "lower(p.nome), p.id, v.posicao, v.sku";
  const after = decodeCursor(filters.depois);
  const before = after ? null : decodeCursor(filters.antes);
  const at = after ?? before;
  let variants: VariantRow[];
  let page: number;
  let hasPrevious: boolean;
  let hasNext: boolean;
  if (at) {
    // Keyset: a deep page costs what the first does. The product's pair bounds the walk of
    // the name index; the whole key picks up inside the cursor's product.
    const k = values.length;
    const [pair, whole] = after ? [">=", ">"] : ["<=", "<"];
    const found = await runSql<VariantRow>(
      executor,
      `select ${columns} ${from}
         and (lower(p.nome), p.id) ${pair} ($${k + 1}, $${k + 2}::uuid)
         and (lower(p.nome), p.id, v.posicao, v.sku) ${whole} ($${k + 1}, $${k + 2}::uuid, $${k + 3}::int, $${k + 4})
       order by ${after ? order : "lower(p.nome) desc, p.id desc, v.posicao desc, v.sku desc"}
       limit ${STOCK_PAGE_SIZE + 1}`,
      [...values, ...at],
    );
    const more = found.length > STOCK_PAGE_SIZE;
    variants = found.slice(0, STOCK_PAGE_SIZE);
    if (before) {
      variants.reverse();
      // Back at the start: the first page, whole.
      if (!more) return listStock({ ...filters, antes: undefined, page: 1 }, scope, executor);
    }
    page = Math.max(2, filters.page ?? 2);
    hasPrevious = after ? true : more;
    hasNext = after ? more : true;
  } else {
    // The first page, or an old link's ?pagina=N (bounded by the count).
    page = clampPage(filters.page, total, STOCK_PAGE_SIZE);
    variants = await runSql<VariantRow>(
      executor,
      `select ${columns} ${from} order by ${order}
       limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, STOCK_PAGE_SIZE, (page - 1) * STOCK_PAGE_SIZE],
    );
    hasPrevious = page > 1;
    hasNext = page * STOCK_PAGE_SIZE < counted;
  }
  const figures = await figuresOf(
    executor,
    variants.map((v) => v.id),
    shown,
  );
  const cursorOf = (v: VariantRow | undefined) =>
    v ? encodeCursor([v.nome_ordem, v.produto_id, Number(v.posicao), v.sku]) : null;
  return {
    rows: variants.map((v) => toRow(v, figures.get(v.id) ?? [])),
    total,
    totalExato: counted <= STOCK_COUNT_LIMIT,
    page,
    pageSize: STOCK_PAGE_SIZE,
    anterior: hasPrevious ? cursorOf(variants[0]) : null,
    proxima: hasNext ? cursorOf(variants.at(-1)) : null,
    unidades: units,
    destinos: every,
  };
}

interface VariantRow {
  id: string;
  nome: string;
  rotulo: string;
  sku: string;
  ativo: boolean;
  nome_ordem: string;
  produto_id: string;
  posicao: number;
}

function toRow(v: VariantRow, porUnidade: StockFigures[]): StockRow {
  return {
    varianteId: v.id,
    produtoNome: v.nome,
    rotulo: v.rotulo,
    nome: lineName(v.nome, v.rotulo),
    sku: v.sku,
    ativo: v.ativo,
    porUnidade,
  };
}

/** The figures of each variant at each unit, in the units' order (0 where it has no row). */
async function figuresOf(
  executor: Executor,
  variantIds: string[],
  units: StockUnit[],
): Promise<Map<string, StockFigures[]>> {
  const byVariant = new Map<string, StockFigures[]>();
  if (variantIds.length === 0 || units.length === 0) return byVariant;
  const rows = await runSql<{
    variante_id: string;
    unidade_id: string;
    em_maos: number;
    reservado: number;
    disponivel: number;
    minimo: number;
  }>(
    executor,
    `select variante_id, unidade_id, em_maos, reservado, disponivel, minimo from estoque
     where variante_id = any($1::uuid[]) and unidade_id = any($2::uuid[])`,
    [variantIds, units.map((u) => u.id)],
    "estoque_tela",
  );
  const at = new Map(rows.map((r) => [`${r.variante_id}/${r.unidade_id}`, r]));
  const transit = await inTransitAt(
    executor,
    variantIds,
    units.map((u) => u.id),
  );
  for (const varianteId of variantIds) {
    byVariant.set(
      varianteId,
      units.map((u) => {
        const r = at.get(`${varianteId}/${u.id}`);
        const minimo = r?.minimo ?? 0;
        const disponivel = r?.disponivel ?? 0;
        return {
          unidadeId: u.id,
          unidadeNome: u.nome,
          emMaos: r?.em_maos ?? 0,
          reservado: r?.reservado ?? 0,
          disponivel,
          minimo,
          abaixoDoMinimo: minimo > 0 && disponivel < minimo,
          emTransito: transit.to.get(`${varianteId}/${u.id}`) ?? 0,
          enviadoEmTransito: transit.from.get(`${varianteId}/${u.id}`) ?? 0,
        };
      }),
    );
  }
  return byVariant;
}

/**
 * The variant and units a write names, read in its transaction; refused when one is gone, and
 * alike when `own` (the unit whose stock the write changes by hand) is not one of the person's
 * units (decision 0069): another unit's stock row is not revealed.
 */
async function target(
  tx: Tx,
  varianteId: string,
  unidadeIds: string[],
  actor: StockActor,
  own: string,
) {
  if (!seesUnit(actor, own)) throw new AdminError("Unidade não encontrada");
  const [variant] = await runSql<VariantRow>(
    tx,
    `select v.id, p.nome, v.rotulo, v.sku, (v.ativo and p.ativo) as ativo
     from variantes v join produtos p on p.id = v.produto_id
     where v.id = $1 and p.excluido_em is null`,
    [varianteId],
  );
  if (!variant) throw new AdminError("Produto não encontrado");
  const units = await activeUnits(tx);
  const names = new Map(units.map((u) => [u.id, u.nome]));
  for (const id of unidadeIds) {
    if (!names.has(id)) throw new AdminError("Unidade não encontrada");
  }
  return { variant, unitName: (id: string) => names.get(id)! };
}

/** The figures of a variant at a unit after a write. */
async function figuresAt(tx: Tx, varianteId: string, unidadeId: string) {
  const [row] = await runSql<{
    em_maos: number;
    reservado: number;
    disponivel: number;
    minimo: number;
  }>(
    tx,
    `select em_maos, reservado, disponivel, minimo from estoque
     where variante_id = $1 and unidade_id = $2`,
    [varianteId, unidadeId],
  );
  return {
    emMaos: row?.em_maos ?? 0,
    reservado: row?.reservado ?? 0,
    disponivel: row?.disponivel ?? 0,
    minimo: row?.minimo ?? 0,
  };
}

/** Locks the variant's row at the unit (made when missing) and reads it. */
async function lockFigures(tx: Tx, varianteId: string, unidadeId: string) {
  await runSql(
    tx,
    `insert into estoque (variante_id, unidade_id) values ($1, $2) on conflict do nothing`,
    [varianteId, unidadeId],
  );
  const [row] = await runSql<{ em_maos: number; reservado: number; minimo: number }>(
    tx,
    `select em_maos, reservado, minimo from estoque
     where variante_id = $1 and unidade_id = $2 for update`,
    [varianteId, unidadeId],
  );
  return row!;
}

/**
 * The variant at one of the person's units, checked, and its figures there locked; `lineNow`
 * reads what a change answers: the line's name, the unit and its figures after the change.
 */
async function lockedAtUnit(
  tx: Tx,
  input: { varianteId: string; unidadeId: string },
  actor: StockActor,
) {
  const { variant, unitName } = await target(
    tx,
    input.varianteId,
    [input.unidadeId],
    actor,
    input.unidadeId,
  );
  const lineNow = async () => ({
    nome: lineName(variant.nome, variant.rotulo),
    unidade: unitName(input.unidadeId),
    ...(await figuresAt(tx, input.varianteId, input.unidadeId)),
  });
  return {
    variant,
    unitName,
    lineNow,
    before: await lockFigures(tx, input.varianteId, input.unidadeId),
  };
}

export const belowReservedMessage = (reservado: number) =>
  `Não é possível deixar menos que o reservado para pedidos (${reservado})`;

/**
 * Ajuste: the count of what is in hand at a unit now, with its reason. One ledger row with
 * the difference (none when the count is what was there); refused below what placed orders
 * hold reserved.
 */
export async function adjustStock(input: AdjustStockInput, actor: StockActor) {
  return transaction(async (tx) => {
    const { variant, unitName, lineNow, before } = await lockedAtUnit(tx, input, actor);
    const result = await setStockInHand(
      tx,
      {
        varianteId: input.varianteId,
        unidadeId: input.unidadeId,
        emMaos: input.emMaos,
        tipo: "ajuste",
        motivo: input.motivo,
        usuarioEmail: actor.email,
      },
      now(),
    );
    if (!result.ok) throw new AdminError(belowReservedMessage(result.reservado), "emMaos");
    const changed = before.em_maos !== input.emMaos;
    if (changed) {
      await audit(tx, actor, "stock_adjust", "variante", input.varianteId, {
        sku: variant.sku,
        unidade: unitName(input.unidadeId),
        em_maos_antes: before.em_maos,
        em_maos: input.emMaos,
        motivo: input.motivo,
      });
    }
    return { changed, ...(await lineNow()) };
  });
}

/**
 * Entrada (+N): units that arrived without an invoice (a supplier's bonus, a sample, goods
 * found), added to what is in hand with the required reason; one 'entrada_avulsa' movement.
 */
export async function enterStock(input: EnterStockInput, actor: StockActor) {
  return transaction(async (tx) => {
    const { variant, unitName, lineNow, before } = await lockedAtUnit(tx, input, actor);
    await receiveStock(
      tx,
      {
        unidadeId: input.unidadeId,
        tipo: "entrada_avulsa",
        motivo: input.motivo,
        usuarioEmail: actor.email,
      },
      [{ varianteId: input.varianteId, quantidade: input.quantidade }],
      now(),
    );
    await audit(tx, actor, "stock_enter", "variante", input.varianteId, {
      sku: variant.sku,
      unidade: unitName(input.unidadeId),
      em_maos_antes: before.em_maos,
      quantidade: input.quantidade,
      motivo: input.motivo,
    });
    return { quantidade: input.quantidade, ...(await lineNow()) };
  });
}

/** The minimum of a variant at a unit ('abaixo do mínimo' below it; 0 = none). */
export async function setMinimum(input: MinimumInput, actor: StockActor) {
  return transaction(async (tx) => {
    const { variant, unitName, lineNow, before } = await lockedAtUnit(tx, input, actor);
    const changed = before.minimo !== input.minimo;
    if (changed) {
      await runSql(
        tx,
        `update estoque set minimo = $3, updated_at = $4 where variante_id = $1 and unidade_id = $2`,
        [input.varianteId, input.unidadeId, input.minimo, now()],
      );
      await audit(tx, actor, "stock_minimum", "variante", input.varianteId, {
        sku: variant.sku,
        unidade: unitName(input.unidadeId),
        minimo_antes: before.minimo,
        minimo: input.minimo,
      });
    }
    return { changed, ...(await lineNow()) };
  });
}

/** What a refused transfer tells the admin: how many the origin has available. */
export function notEnoughToTransfer(disponivel: number, unidade: string): string {
  if (disponivel <= 0) return `Não há unidades disponíveis em ${unidade} para transferir`;
  const units = disponivel === 1 ? "1 unidade disponível" : `${disponivel} unidades disponíveis`;
  return `Só há ${units} em ${unidade} para transferir`;
}

/**
 * Sends units in hand from one unit to another (decision 0076): out of the origin now (one
 * 'saída'), in transit until a person of the destination receives them. Refused, with
 * nothing written, beyond what the origin has available.
 */
export async function transfer(input: TransferStockInput, actor: StockActor) {
  if (input.de === input.para) {
    throw new AdminError("Escolha uma unidade de destino diferente da origem", "para");
  }
  return transaction(async (tx) => {
    // Sent from one of the person's units, to any unit.
    const { variant, unitName } = await target(
      tx,
      input.varianteId,
      [input.de, input.para],
      actor,
      input.de,
    );
    const result = await sendStock(
      tx,
      {
        varianteId: input.varianteId,
        de: input.de,
        para: input.para,
        quantidade: input.quantidade,
        motivo: input.motivo,
        usuarioEmail: actor.email,
      },
      now(),
    );
    if (!result.ok) {
      throw new AdminError(
        notEnoughToTransfer(result.disponivel, unitName(input.de)),
        "quantidade",
      );
    }
    await audit(tx, actor, "stock_transfer", "variante", input.varianteId, {
      transferencia: result.id,
      sku: variant.sku,
      de: unitName(input.de),
      para: unitName(input.para),
      quantidade: input.quantidade,
      motivo: input.motivo,
    });
    return {
      nome: lineName(variant.nome, variant.rotulo),
      de: unitName(input.de),
      para: unitName(input.para),
      quantidade: input.quantidade,
    };
  });
}

/** The ledger's words for each kind of movement. */
const MOVEMENT_LABEL: Record<TipoMovimento, string> = {
  reserva: "Reserva",
  liberacao: "Liberação",
  venda: "Venda",
  cancelamento: "Cancelamento",
  ajuste: "Ajuste",
  transferencia_saida: "Transferência (saída)",
  transferencia_entrada: "Transferência (entrada)",
  importacao: "Importação",
  transferencia_perda: "Perda na transferência",
  transferencia_cancelada: "Transferência cancelada (volta)",
  entrada_nf: "Entrada (NF-e)",
  entrada_avulsa: "Entrada",
  venda_balcao: "Venda balcão",
  venda_balcao_cancelada: "Venda balcão cancelada (volta)",
  contagem: "Contagem",
};

/** One line of a variant's ledger, as the screen shows it. */
export interface MovementLine {
  id: string;
  tipo: TipoMovimento;
  /** "Transferência (saída)". */
  tipoLabel: string;
  unidadeNome: string;
  deltaEmMaos: number;
  deltaReservado: number;
  emMaosDepois: number;
  reservadoDepois: number;
  disponivelDepois: number;
  /** The order that moved it, when one did. */
  numeroPedido: string | null;
  motivo: string | null;
  usuarioEmail: string | null;
  /** Who moved it by hand: "Ana (Atendente, Unidade Meia Praia)" (issue 41 point 5). */
  por: string | null;
  /** dd/MM/yyyy HH:mm in the shop's time zone. */
  data: string;
}

export interface MovementHistory {
  variante: StockRow;
  movimentos: MovementLine[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The ledger of a variant at every unit, newest first, with its current figures; null when
 * the variant does not exist. Two movements of one instant (a transfer) show the later one
 * (the entrada) first.
 */
export async function movementHistory(
  varianteId: string,
  page: number,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<MovementHistory | null> {
  const [variant] = await runSql<VariantRow>(
    executor,
    `select v.id, p.nome, v.rotulo, v.sku, (v.ativo and p.ativo) as ativo
     from variantes v join produtos p on p.id = v.produto_id where v.id = $1`,
    [varianteId],
  );
  if (!variant) return null;
  // Only the person's units: their figures and their movements (decision 0069).
  const units = unitsInScope(scope, await activeUnits(executor));
  const figures = await figuresOf(executor, [varianteId], units);
  const unidades = scope.unidades == null ? null : [...scope.unidades];
  const [count] = await runSql<{ total: number }>(
    executor,
    `select count(*)::int as total from movimentos_estoque
     where variante_id = $1 and ($2::uuid[] is null or unidade_id = any($2::uuid[]))`,
    [varianteId, unidades],
  );
  const total = count?.total ?? 0;
  const current = clampPage(page, total, HISTORY_PAGE_SIZE);
  const rows = await runSql<{
    id: string;
    tipo: TipoMovimento;
    delta_em_maos: number;
    delta_reservado: number;
    em_maos_depois: number;
    reservado_depois: number;
    motivo: string | null;
    usuario_email: string | null;
    created_at: Date | string;
    unidade_nome: string;
    numero_pedido: string | null;
  }>(
    executor,
    `select m.id, m.tipo, m.delta_em_maos, m.delta_reservado, m.em_maos_depois,
       m.reservado_depois, m.motivo, m.usuario_email, m.created_at, u.nome as unidade_nome,
       o.numero_pedido
     from movimentos_estoque m
     join unidades u on u.id = m.unidade_id
     left join pedidos o on o.id = m.pedido_id
     where m.variante_id = $1 and ($4::uuid[] is null or m.unidade_id = any($4::uuid[]))
     order by m.created_at desc, (m.tipo = 'transferencia_entrada') desc, m.id desc
     limit $2 offset $3`,
    [varianteId, HISTORY_PAGE_SIZE, (current - 1) * HISTORY_PAGE_SIZE, unidades],
  );
  const people = await staffLabels(
    rows.map((r) => r.usuario_email),
    { by: "email", executor },
  );
  return {
    variante: toRow(variant, figures.get(varianteId) ?? []),
    movimentos: rows.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      tipoLabel: MOVEMENT_LABEL[r.tipo] ?? r.tipo,
      unidadeNome: r.unidade_nome,
      deltaEmMaos: r.delta_em_maos,
      deltaReservado: r.delta_reservado,
      emMaosDepois: r.em_maos_depois,
      reservadoDepois: r.reservado_depois,
      disponivelDepois: r.em_maos_depois - r.reservado_depois,
      numeroPedido: r.numero_pedido,
      motivo: r.motivo,
      usuarioEmail: r.usuario_email,
      por: (r.usuario_email && people.get(r.usuario_email)) || r.usuario_email,
      data: formatDateTime(r.created_at),
    })),
    total,
    page: current,
    pageSize: HISTORY_PAGE_SIZE,
  };
}
