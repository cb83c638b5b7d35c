// Admin product management (SPEC §2.3 products view, §5.7, §7.2): list, create, edit,
// activate, delete (soft when the product is in past orders) and images.
import { and, count, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalog";
import { normalizeSearch, productSearchText } from "~/domain/search";
import type { ProductInput } from "~/schemas/product";
import { type AdminActor, AdminError, audit } from "./admin-actor.server";
import { db, type Executor, transaction } from "./db/client.server";
import { isUniqueViolation } from "./db/errors.server";
import { categorias, itensPedido, type Produto, produtos } from "./db/schema";
import { deleteProductImage, saveProductImage } from "./images.server";

export const PRODUCTS_PAGE_SIZE = 50;

export type AdminProduct = Produto & { categoriaNome: string };

export interface ProductFilters {
  q?: string;
  categoriaId?: string;
  estoqueBaixo?: boolean;
  page?: number;
  pageSize?: number;
}

/** Products not deleted, newest first, with search, category and low-stock filters. */
export async function listAdminProducts(
  filters: ProductFilters = {},
  executor: Executor = db(),
): Promise<{ products: AdminProduct[]; total: number }> {
  const term = normalizeSearch(filters.q);
  const where = and(
    isNull(produtos.excluidoEm),
    term ? sql`${produtos.busca} like ${`%${term.replace(/[\\%_]/g, "\\$&")}%`}` : undefined,
    filters.categoriaId ? eq(produtos.categoriaId, filters.categoriaId) : undefined,
    // The same rule as the hub counter and the badge (isLowStock): 1 to 5; 0 is 'sem estoque'.
    filters.estoqueBaixo
      ? and(gt(produtos.estoque, 0), lte(produtos.estoque, LOW_STOCK_THRESHOLD))
      : undefined,
  );
  const pageSize = filters.pageSize ?? PRODUCTS_PAGE_SIZE;
  const page = Math.max(1, filters.page ?? 1);
  const rows = await executor
    .select({ produto: produtos, categoriaNome: categorias.nome })
    .from(produtos)
    .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
    .where(where)
    .orderBy(desc(produtos.createdAt), desc(produtos.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await executor.select({ total: count() }).from(produtos).where(where)) as [
    { total: number },
  ];
  return {
    products: rows.map((r) => ({ ...r.produto, categoriaNome: r.categoriaNome })),
    total: Number(total),
  };
}

function columns(input: ProductInput) {
  return {
    nome: input.nome,
    descricaoCurta: input.descricaoCurta,
    categoriaId: input.categoriaId,
    precoAtual: input.precoAtual,
    precoAntes: input.precoAntes,
    estoque: input.estoque,
    sku: input.sku,
    marca: input.marca,
    unidade: input.unidade,
    ativo: input.ativo,
    busca: productSearchText(input),
  };
}

async function assertCategory(tx: Executor, categoriaId: string) {
  const [row] = await tx
    .select({ id: categorias.id })
    .from(categorias)
    .where(eq(categorias.id, categoriaId));
  if (!row) throw new AdminError("Categoria é obrigatória", "categoriaId");
}

function skuTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AdminError("Já existe um produto com este SKU", "sku");
  }
  throw error;
}

/** Re-encodes and stores an uploaded image; null when there is none. */
async function storeImage(image: Uint8Array | null | undefined): Promise<string | null> {
  if (!image || image.byteLength === 0) return null;
  return saveProductImage(image);
}

export async function createProduct(
  input: ProductInput,
  image: Uint8Array | null,
  actor: AdminActor,
): Promise<Produto> {
  const imagemUrl = await storeImage(image);
  try {
    return await transaction(async (tx) => {
      await assertCategory(tx, input.categoriaId);
      const [row] = await tx
        .insert(produtos)
        .values({ ...columns(input), imagemUrl })
        .returning()
        .catch(skuTaken);
      await audit(tx, actor, "product_create", "produto", row!.id, {
        nome: row!.nome,
        preco_atual: row!.precoAtual,
        estoque: row!.estoque,
        imagem: Boolean(imagemUrl),
      });
      return row!;
    });
  } catch (error) {
    await deleteProductImage(imagemUrl);
    throw error;
  }
}

export async function updateProduct(
  id: string,
  input: ProductInput,
  options: { image?: Uint8Array | null; removeImage?: boolean },
  actor: AdminActor,
): Promise<Produto> {
  const newUrl = await storeImage(options.image);
  let oldUrl: string | null = null;
  try {
    const row = await transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(produtos)
        .where(and(eq(produtos.id, id), isNull(produtos.excluidoEm)))
        .for("update");
      if (!current) throw new AdminError("Produto não encontrado");
      await assertCategory(tx, input.categoriaId);
      const imagemUrl = newUrl ?? (options.removeImage ? null : current.imagemUrl);
      if (imagemUrl !== current.imagemUrl) oldUrl = current.imagemUrl;
      const [updated] = await tx
        .update(produtos)
        .set({ ...columns(input), imagemUrl, updatedAt: new Date() })
        .where(eq(produtos.id, id))
        .returning()
        .catch(skuTaken);
      const changed = Object.fromEntries(
        Object.entries(columns(input)).filter(
          ([key, value]) => key !== "busca" && current[key as keyof Produto] !== value,
        ),
      );
      if (imagemUrl !== current.imagemUrl) changed.imagem = imagemUrl ? "nova" : "removida";
      await audit(tx, actor, "product_update", "produto", id, { nome: updated!.nome, changed });
      return updated!;
    });
    // The old files go only once the new URL is committed.
    if (oldUrl) await deleteProductImage(oldUrl);
    return row;
  } catch (error) {
    await deleteProductImage(newUrl);
    throw error;
  }
}

export async function setProductActive(id: string, ativo: boolean, actor: AdminActor) {
  return transaction(async (tx) => {
    const [row] = await tx
      .update(produtos)
      .set({ ativo, updatedAt: new Date() })
      .where(and(eq(produtos.id, id), isNull(produtos.excluidoEm)))
      .returning();
    if (!row) throw new AdminError("Produto não encontrado");
    await audit(tx, actor, ativo ? "product_activate" : "product_deactivate", "produto", id, {
      nome: row.nome,
    });
    return row;
  });
}

/**
 * Deletes a product. One that appears in past orders is kept for them (soft delete:
 * hidden from the admin list and the store, its order items still point at it).
 */
export async function deleteProduct(
  id: string,
  actor: AdminActor,
): Promise<{ mode: "hard" | "soft"; produto: Produto }> {
  const result = await transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(produtos)
      .where(and(eq(produtos.id, id), isNull(produtos.excluidoEm)))
      .for("update");
    if (!current) throw new AdminError("Produto não encontrado");
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(itensPedido)
      .where(eq(itensPedido.produtoId, id))) as [{ n: number }];
    if (Number(n) > 0) {
      const [row] = await tx
        .update(produtos)
        .set({ excluidoEm: new Date(), ativo: false, updatedAt: new Date() })
        .where(eq(produtos.id, id))
        .returning();
      await audit(tx, actor, "product_soft_delete", "produto", id, {
        nome: current.nome,
        itens_em_pedidos: Number(n),
      });
      return { mode: "soft" as const, produto: row! };
    }
    await tx.delete(produtos).where(eq(produtos.id, id));
    await audit(tx, actor, "product_delete", "produto", id, { nome: current.nome });
    return { mode: "hard" as const, produto: current };
  });
  if (result.mode === "hard") await deleteProductImage(result.produto.imagemUrl);
  return result;
}
