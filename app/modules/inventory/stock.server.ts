// Stock moves: the one owner of produtos.estoque outside the admin's product form and the
// importer, which set it outright. Orders take the units at checkout, give them back when
// cancelled and take them again when a cancelled order is reopened (decision 0007).
// Products are always locked in id order, so two moves never deadlock.
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { runSql, type Tx } from "~/infra/db/client.server";
import { produtos } from "~/modules/catalog/index.server";

/** Units per product id. */
export type StockQuantities = Map<string, number>;

/** Sums repeated lines of the same product. */
export function quantitiesOf(lines: { produtoId: string; quantidade: number }[]): StockQuantities {
  const quantities: StockQuantities = new Map();
  for (const line of lines) {
    quantities.set(line.produtoId, (quantities.get(line.produtoId) ?? 0) + line.quantidade);
  }
  return quantities;
}

/** What was taken of one product, with its name and price as read under the row lock. */
export interface TakenUnits {
  produtoId: string;
  nome: string;
  /** The product's current price, as PostgreSQL's numeric text (reais). */
  precoAtual: string;
  quantidade: number;
}

/** A product that has fewer units than asked for. */
export interface ShortItem {
  produtoId: string;
  nome: string;
  disponivel: number;
  pedido: number;
}

export type TakeStockResult =
  | { ok: true; taken: TakenUnits[] }
  | { ok: false; unavailable: { produtoId: string; nome: string }[]; short: ShortItem[] };

/** Takes the units when the product is on sale and has them: its name and price, or no row. */
const TAKE_STOCK = `update produtos set estoque = estoque - $1, updated_at = $2
  where id = $3 and ativo and excluido_em is null and estoque >= $1
  returning nome, preco_atual`;

/**
 * Takes the units of every product, each only where it suffices and the product is on sale.
 * When any product falls short or is off sale the result says which; the caller rolls its
 * transaction back, so nothing is taken.
 */
export async function takeStock(
  tx: Tx,
  quantities: StockQuantities,
  at: Date,
): Promise<TakeStockResult> {
  const taken: TakenUnits[] = [];
  const short: ShortItem[] = [];
  const unavailable: { produtoId: string; nome: string }[] = [];
  for (const id of [...quantities.keys()].sort()) {
    const quantidade = quantities.get(id)!;
    const [updated] = await runSql<{ nome: string; preco_atual: string }>(
      tx,
      TAKE_STOCK,
      [quantidade, at, id],
      "pedido_baixa_estoque",
    );
    if (updated) {
      taken.push({
        produtoId: id,
        nome: updated.nome,
        precoAtual: updated.preco_atual,
        quantidade,
      });
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
  if (unavailable.length > 0 || short.length > 0) return { ok: false, unavailable, short };
  return { ok: true, taken };
}

/** Locks the products (id order) and reads their stock. */
async function lockProducts(tx: Tx, quantities: StockQuantities) {
  const ids = [...quantities.keys()].sort();
  return ids.length
    ? await tx
        .select({ id: produtos.id, nome: produtos.nome, estoque: produtos.estoque })
        .from(produtos)
        .where(inArray(produtos.id, ids))
        .orderBy(asc(produtos.id))
        .for("update")
    : [];
}

async function moveStock(tx: Tx, quantities: StockQuantities, sign: 1 | -1) {
  for (const [id, quantidade] of quantities) {
    const delta: SQL = sign === 1 ? sql`+ ${quantidade}` : sql`- ${quantidade}`;
    await tx
      .update(produtos)
      .set({ estoque: sql`${produtos.estoque} ${delta}`, updatedAt: new Date() })
      .where(eq(produtos.id, id));
  }
}

/** Gives the units back (a cancelled order). */
export async function returnStock(tx: Tx, quantities: StockQuantities): Promise<void> {
  await lockProducts(tx, quantities);
  await moveStock(tx, quantities, 1);
}

/**
 * Takes again units that were given back (a cancelled order reopened): all of them, or
 * none and the products that fall short. Products off sale still give their units.
 */
export async function takeReturnedStock(
  tx: Tx,
  quantities: StockQuantities,
): Promise<{ ok: true } | { ok: false; short: ShortItem[] }> {
  const locked = await lockProducts(tx, quantities);
  const short = locked
    .filter((p) => p.estoque < (quantities.get(p.id) ?? 0))
    .map((p) => ({
      produtoId: p.id,
      nome: p.nome,
      disponivel: p.estoque,
      pedido: quantities.get(p.id)!,
    }));
  if (short.length > 0) return { ok: false, short };
  await moveStock(tx, quantities, -1);
  return { ok: true };
}
