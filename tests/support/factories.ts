// Test data: products, orders, admins and what the audit log recorded (not a test file itself).
import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { type Database, db } from "~/infra/db/client.server";
import { adminAuditLog, createSession, createUser } from "~/modules/accounts/index.server";
import { productSearchText } from "~/modules/catalog";
import { categorias, produtos } from "~/modules/catalog/index.server";
import type { OrderInput } from "~/modules/orders/index.server";
import { itensPedido, pedidos } from "~/modules/orders/index.server";
import { makeRequest } from "../setup/requests";

let counter = 0;

/** An admin user with an open session. */
export async function makeAdmin(password = "Quati-Aveia-Moinho-35") {
  counter += 1;
  const user = await createUser({
    email: `admin${counter}-${Date.now()}@teste.com`,
    password,
    isAdmin: true,
  });
  const { token, session } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token, session, password };
}

/** A signed-in user who is not an admin. */
export async function makeCustomer() {
  counter += 1;
  const user = await createUser({
    email: `cliente${counter}-${Date.now()}@teste.com`,
    password: "senha-cliente",
    isAdmin: false,
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

/** A product in the first category, with any column given. */
export async function insertProduct(values: Partial<typeof produtos.$inferInsert> = {}) {
  const [row] = await db()
    .insert(produtos)
    .values({
      nome: `Produto ${crypto.randomBytes(3).toString("hex")}`,
      categoriaId: await firstCategoryId(),
      precoAtual: 1000,
      estoque: 10,
      ...values,
    })
    .returning();
  return row!;
}

/** An order with its items, as the checkout would leave it (stock already taken). */
export async function insertOrder(
  items: { produtoId: string; nome: string; preco: number; quantidade: number }[],
  values: Partial<typeof pedidos.$inferInsert> = {},
) {
  const subtotal = items.reduce((s, i) => s + i.preco * i.quantidade, 0);
  const [order] = await db()
    .insert(pedidos)
    .values({
      numeroPedido: `PED${Date.now()}${crypto.randomInt(1000)}`,
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
    })
    .returning();
  await db()
    .insert(itensPedido)
    .values(
      items.map((i) => ({
        pedidoId: order!.id,
        produtoId: i.produtoId,
        produtoNome: i.nome,
        produtoPreco: i.preco,
        quantidade: i.quantidade,
        subtotal: i.preco * i.quantidade,
      })),
    );
  return order!;
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
      precoAtual: fields.preco,
      precoAntes: fields.precoAntes ?? null,
      estoque: fields.estoque,
      ativo: fields.ativo ?? true,
      sku: fields.sku ?? null,
      busca: productSearchText({ nome: fields.nome, sku: fields.sku }),
    })
    .returning();
  return row!;
}

export function orderInput(
  itens: { produtoId: string; quantidade: number }[],
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

export async function stockOf(database: Database, id: string): Promise<number> {
  const [row] = await database.db
    .select({ estoque: produtos.estoque })
    .from(produtos)
    .where(eq(produtos.id, id));
  return row!.estoque;
}
