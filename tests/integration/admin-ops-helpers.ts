// Shared by the admin-ops integration tests: an admin session, calling route modules,
// and orders inserted directly (the checkout is another module's job).
import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { createSession, createUser } from "~/server/auth.server";
import { db } from "~/server/db/client.server";
import {
  adminAuditLog,
  categorias,
  itensPedido,
  pedidos,
  produtos,
} from "~/server/db/schema.server";
import { makeRequest } from "../setup/requests";

export async function adminSession(isAdmin = true) {
  const user = await createUser({
    email: `admin-${crypto.randomBytes(4).toString("hex")}@teste.com`,
    password: "segredo-123",
    isAdmin,
  });
  const { token } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token };
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test access to loose action data
  data: any;
  response?: Response;
}

/** Calls a loader or action; normalises plain data, data() and thrown or returned Responses. */
export async function call(
  // biome-ignore lint/suspicious/noExplicitAny: route functions have generated arg types
  fn: (args: any) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<CallResult> {
  let value: unknown;
  try {
    value = await fn({ request, params, context: {} });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null, response: value };
  if (
    value &&
    typeof value === "object" &&
    (value as { type?: string }).type === "DataWithResponseInit"
  ) {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

export function multipartRequest(
  path: string,
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Uint8Array }>,
  token: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) {
    form.append(k, new File([Buffer.from(f.data)], f.name, { type: f.type }));
  }
  return makeRequest(path, { method: "POST", body: form, token });
}

export async function firstCategoryId() {
  const [c] = await db().select().from(categorias).limit(1);
  return c!.id;
}

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

export async function auditEntries(action: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, action))
    .orderBy(desc(adminAuditLog.createdAt));
}
