// Test data: products, orders, admins and what the audit log recorded (not a test file itself).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { productSearchText } from "~/domain/search";
import type { Database } from "~/server/db/client.server";
import { categorias, produtos } from "~/server/db/schema.server";
import type { OrderInput } from "~/server/orders.server";

export async function createProduct(
  database: Database,
  fields: {
    nome: string;
    preco: number;
    estoque: number;
    ativo?: boolean;
    sku?: string;
    precoAntes?: number;
  },
) {
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
