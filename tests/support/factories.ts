// Test data: products, orders, admins and what the audit log recorded (not a test file itself).

import crypto from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Papel } from "~/domain/permissions";
import { createSession, createUser } from "~/modules/accounts/index.server";
import { productSearchText } from "~/modules/catalog";
import { categorias, produtos, variantes } from "~/modules/catalog/testing.server";
import {
  agendamentos,
  pedidosServicos,
  servicosBanho,
  servicosBanhoPrecos,
} from "~/modules/grooming/testing.server";
import { reserveStock, setStockInHand } from "~/modules/inventory/index.server";
import type { OrderInput } from "~/modules/orders/index.server";
import { itensPedido, pedidos } from "~/modules/orders/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import {
  type Database,
  db,
  type Executor,
  runSql,
  type Tx,
  transaction,
} from "~/platform/db/client.server";
import { adminAuditLog } from "~/platform/tables.server";
import { makeRequest } from "../setup/requests";
import { weekdays } from "./units";

let counter = 0;

/** An admin user with an open session. */
export async function makeAdmin(password = "Quati-Aveia-Moinho-35") {
  counter += 1;
  const user = await createUser({
    email: `admin${counter}-${Date.now()}@teste.com`,
    password,
    papel: "dono",
  });
  const { token, session } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token, session, password };
}

/** A signed-in person of the team with `papel` (every unit), for the role checks. */
export async function makeStaff(papel: Papel) {
  counter += 1;
  const user = await createUser({
    email: `${papel}${counter}-${Date.now()}@teste.com`,
    password: "Quati-Aveia-Moinho-35",
    papel,
    nome: `Pessoa ${papel} ${counter}`,
  });
  const { token, session } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token, session };
}

/** A signed-in user who is not an admin. */
export async function makeCustomer() {
  counter += 1;
  const user = await createUser({
    email: `cliente${counter}-${Date.now()}@teste.com`,
    password: "senha-cliente",
    papel: null,
  });
  const { token } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token };
}

/** What the audit log recorded for `action`, newest first. */
export async function auditEntries(action: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, action))
    .orderBy(desc(adminAuditLog.createdAt));
}

export async function firstCategoryId() {
  const [c] = await db().select().from(categorias).limit(1);
  return c!.id;
}

/** The unit orders and stock go to when a test names none: the first open one that delivers. */
export async function defaultUnitId(executor: Executor = db()): Promise<string> {
  const [unit] = await executor
    .select({ id: unidades.id })
    .from(unidades)
    .where(sql`${unidades.ativo} and not ${unidades.emBreve}`)
    .orderBy(desc(unidades.atendeEntregas), asc(unidades.posicao));
  return unit!.id;
}

/**
 * A second open unit, "Unidade Centro" (slug `centro-teste`), that takes pick-up orders and
 * delivers or not: open 9h to 19h Monday to Saturday. Returns its id.
 */
export async function addCentroUnit(
  executor: Executor,
  { atendeEntregas }: { atendeEntregas: boolean },
): Promise<string> {
  const [unit] = await executor
    .insert(unidades)
    .values({
      slug: "centro-teste",
      nome: "Unidade Centro",
      endereco: "Rua 300, 50",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      horarios: [null, ...weekdays("09:00", "19:00"), { abre: "09:00", fecha: "19:00" }],
      retiradaAtiva: true,
      atendeEntregas,
      posicao: 5,
    })
    .returning({ id: unidades.id });
  return unit!.id;
}

/** Sets the units in hand of a variant at a unit, as a count would (with the ledger's row). */
export async function setStock(
  varianteId: string,
  unidadeId: string,
  emMaos: number,
  executor: Executor = db(),
) {
  await (executor as Database["db"]).transaction(async (tx) => {
    const result = await setStockInHand(tx as unknown as Tx, {
      varianteId,
      unidadeId,
      emMaos,
      tipo: "ajuste",
      motivo: "contagem de teste",
    });
    if (!result.ok)
      throw new Error(`estoque não gravado: ${emMaos} < ${result.reservado} reservados`);
  });
}

/**
 * Writes a product's default variant (same id) and its stock at a unit, as the admin's form
 * would: the price, old price and units in hand, with the ledger's row.
 */
async function withDefaultVariant(
  executor: Executor,
  produto: typeof produtos.$inferSelect,
  fields: { preco: number; precoAntes?: number | null; estoque: number; unidadeId?: string },
) {
  await executor.insert(variantes).values({
    id: produto.id,
    produtoId: produto.id,
    sku: produto.sku ?? `T-${produto.id.slice(0, 8)}`,
    preco: fields.preco,
    precoAntes: fields.precoAntes ?? null,
  });
  const unidadeId = fields.unidadeId ?? (await defaultUnitId(executor));
  await setStock(produto.id, unidadeId, fields.estoque, executor);
  return {
    ...produto,
    precoAtual: fields.preco,
    precoAntes: fields.precoAntes ?? null,
    estoque: fields.estoque,
  };
}

type ProductValues = Partial<typeof produtos.$inferInsert> & {
  precoAtual?: number;
  precoAntes?: number | null;
  estoque?: number;
};

/** A product in the first category (one variant, stock at the default unit), with any column given. */
export async function insertProduct(values: ProductValues = {}) {
  const { precoAtual = 1000, precoAntes = null, estoque = 10, ...columns } = values;
  const [row] = await db()
    .insert(produtos)
    .values({
      nome: `Produto ${crypto.randomBytes(3).toString("hex")}`,
      categoriaId: await firstCategoryId(),
      ...columns,
    })
    .returning();
  return withDefaultVariant(db(), row!, { preco: precoAtual, precoAntes, estoque });
}

/**
 * An order with its items, as the checkout would leave it: its units reserved at its unit
 * (a product's default variant has the product's id).
 */
export async function insertOrder(
  items: { produtoId: string; nome: string; preco: number; quantidade: number }[],
  values: Partial<typeof pedidos.$inferInsert> = {},
) {
  const subtotal = items.reduce((s, i) => s + i.preco * i.quantidade, 0);
  const unidadeId = values.unidadeId ?? (await defaultUnitId());
  const id = crypto.randomUUID();
  if ((values.estoqueSituacao ?? "reservado") === "reservado") {
    await transaction(async (tx) => {
      const lines = items.map((i) => ({ varianteId: i.produtoId, quantidade: i.quantidade }));
      const reserved = await reserveStock(tx, unidadeId, lines, id, new Date());
      if (!reserved.ok) throw new Error("insertOrder: estoque insuficiente para o pedido de teste");
      // The order row comes next, outside: the ledger's order reference is checked at commit.
      await tx.insert(pedidos).values(orderRow(id, unidadeId, subtotal, values));
    });
  } else {
    await db()
      .insert(pedidos)
      .values(orderRow(id, unidadeId, subtotal, values));
  }
  const [order] = await db().select().from(pedidos).where(eq(pedidos.id, id));
  await db()
    .insert(itensPedido)
    .values(
      items.map((i) => ({
        pedidoId: order!.id,
        produtoId: i.produtoId,
        varianteId: i.produtoId,
        unidadeId,
        produtoNome: i.nome,
        produtoPreco: i.preco,
        quantidade: i.quantidade,
        subtotal: i.preco * i.quantidade,
      })),
    );
  return order!;
}

let ordersNumbered = 0;

/** The store's format (PED + ms + 3 digits); a counter, not chance, keeps numbers of one moment apart. */
export function nextOrderNumber(ms: number): string {
  ordersNumbered += 1;
  return `PED${ms}${String(ordersNumbered % 1000).padStart(3, "0")}`;
}

function orderRow(
  id: string,
  unidadeId: string,
  subtotal: number,
  values: Partial<typeof pedidos.$inferInsert>,
): typeof pedidos.$inferInsert {
  return {
    id,
    unidadeId,
    numeroPedido: nextOrderNumber(Date.now()),
    tokenHash: crypto.randomBytes(32).toString("hex"),
    clienteNome: "Maria Cliente",
    clienteTelefone: "(47) 98888-7777",
    clienteEndereco: "Rua 300, 100",
    clienteBairro: "Meia Praia",
    janelaEntrega: "manha",
    subtotal,
    taxaEntrega: 500,
    total: subtotal + 500,
    formaPagamento: "dinheiro",
    ...values,
  };
}

/** The checkout form's fields as the browser posts them; `itens` as "id:qty,id:qty". */
export function checkoutForm(itens: string, overrides: Record<string, string> = {}) {
  return {
    nome: "Maria Souza",
    telefone: "(47) 99999-0000",
    endereco: "Rua 300",
    numero: "12",
    bairro: "Centro",
    janelaEntrega: "manha",
    formaPagamento: "dinheiro",
    itens,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

type ProductFields = {
  nome: string;
  preco: number;
  estoque: number;
  ativo?: boolean;
  sku?: string;
  precoAntes?: number;
};

/**
 * createProduct bound to a test file's database (`const product = productsIn(ctx)`), read at
 * each call: withTestDatabase opens it only before the first test.
 */
export function productsIn(ctx: { database: Database }) {
  return (fields: ProductFields) => createProduct(ctx.database, fields);
}

export async function createProduct(database: Database, fields: ProductFields) {
  let [cat] = await database.db.select().from(categorias).where(eq(categorias.nome, "Testes"));
  if (!cat) [cat] = await database.db.insert(categorias).values({ nome: "Testes" }).returning();
  const [row] = await database.db
    .insert(produtos)
    .values({
      nome: fields.nome,
      categoriaId: cat!.id,
      ativo: fields.ativo ?? true,
      sku: fields.sku ?? null,
      busca: productSearchText({ nome: fields.nome, sku: fields.sku }),
    })
    .returning();
  return withDefaultVariant(database.db, row!, fields);
}

export function orderInput(
  itens: { varianteId: string; quantidade: number }[],
  overrides: Partial<OrderInput> = {},
): OrderInput {
  return {
    nome: "Maria Souza",
    telefone: "(47) 99999-0000",
    endereco: "Rua 300",
    numero: "12",
    complemento: null,
    bairro: "Meia Praia",
    referencia: null,
    janelaEntrega: "tarde",
    formaPagamento: "dinheiro",
    trocoPara: null,
    observacoes: null,
    cupom: null,
    itens,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

/** Units of a variant available (em mãos − reservado) at the open units, summed. */
export async function stockOf(database: Database, id: string): Promise<number> {
  const [row] = await runSql<{ n: number }>(
    database.db,
    `select coalesce(sum(e.disponivel), 0)::int as n from estoque e
     join unidades u on u.id = e.unidade_id and u.ativo and not u.em_breve
     where e.variante_id = $1`,
    [id],
  );
  return row!.n;
}

/** A variant's figures at one unit. */
export async function stockAt(database: Database, varianteId: string, unidadeId: string) {
  const [row] = await runSql<{ em_maos: number; reservado: number; disponivel: number }>(
    database.db,
    "select em_maos, reservado, disponivel from estoque where variante_id = $1 and unidade_id = $2",
    [varianteId, unidadeId],
  );
  return row
    ? { emMaos: row.em_maos, reservado: row.reservado, disponivel: row.disponivel }
    : { emMaos: 0, reservado: 0, disponivel: 0 };
}

/** Manual Pix switched on with the shop's receiver, as the owner saves it (settings fields). */
export function manualPix(pixChave = "pix@agropetlitoral.com.br") {
  return {
    pixManualAtivo: true,
    pixChave,
    pixNomeRecebedor: "Agropet Litoral",
    pixCidade: "Itapema",
  } as const;
}

/**
 * A booking of one pet at the default unit on 03/12/2026 09:00 (R$ 65,00 estimated), as the
 * privacy tests need one: `values` names the tutor, the status and whatever else matters.
 */
export async function insertBooking(
  values: Partial<typeof agendamentos.$inferInsert> &
    Pick<typeof agendamentos.$inferInsert, "status" | "chaveEnvio" | "nomeTutor">,
) {
  const [booking] = await db()
    .insert(agendamentos)
    .values({
      unidadeId: await defaultUnitId(),
      data: "2026-12-03",
      horario: "09:00",
      inicio: new Date("2026-12-03T12:00:00Z"),
      tokenHash: "0".repeat(64),
      whatsapp: "(47) 98888-7777",
      whatsappDigitos: "47988887777",
      pontos: 1,
      precoEstimado: 6500,
      historico: [],
      ...values,
    })
    .returning();
  return booking!;
}

/** A grooming quote request (pedido de serviço) as the public form stores it, with a photo. */
export async function insertGroomingQuote(
  values: Partial<typeof pedidosServicos.$inferInsert> & { numeroPedido: string },
  executor: Executor = db(),
) {
  const [quote] = await executor
    .insert(pedidosServicos)
    .values({
      tipoServico: "banho_tosa",
      nomeTutor: "Ana Souza",
      whatsapp: "47988881111",
      nomePet: "Thor",
      racaPorte: "São Bernardo, gigante",
      fotos: ["/uploads/x.webp"],
      ...values,
    })
    .returning();
  return quote!;
}

/**
 * A bath and a full groom (the groom asks for a quote the first time), an hour each, priced
 * for every size and coat by `price`: the services of the booking tests. Slugs end in `suffix`.
 */
/** One "Banho" priced only for a small short-coated pet (R$ 50,00, 60 min): enough for a walk-in. */
export async function insertSmallBath(slug: string, executor: Executor = db()) {
  const [banho] = await executor.insert(servicosBanho).values({ slug, nome: "Banho" }).returning();
  await executor.insert(servicosBanhoPrecos).values({
    servicoId: banho!.id,
    porte: "P",
    pelagem: "curta",
    preco: 5000,
    duracaoMinutos: 60,
  });
  return banho!;
}

export async function insertBathAndGroom(
  suffix: string,
  price: (
    servico: "banho" | "tosa",
    porte: "P" | "M" | "G" | "GG",
    pelagem: "curta" | "longa",
  ) => number,
  executor: Executor = db(),
) {
  const [banho] = await executor
    .insert(servicosBanho)
    .values({ slug: `banho-${suffix}`, nome: "Banho" })
    .returning();
  const [tosa] = await executor
    .insert(servicosBanho)
    .values({ slug: `tosa-${suffix}`, nome: "Tosa completa", exigeOrcamentoPrimeiraVez: true })
    .returning();
  for (const [servico, row] of [
    ["banho", banho!],
    ["tosa", tosa!],
  ] as const) {
    for (const porte of ["P", "M", "G", "GG"] as const) {
      for (const pelagem of ["curta", "longa"] as const) {
        await executor.insert(servicosBanhoPrecos).values({
          servicoId: row.id,
          porte,
          pelagem,
          preco: price(servico, porte, pelagem),
          duracaoMinutos: 60,
        });
      }
    }
  }
  return { banho: banho!.id, tosa: tosa!.id };
}
