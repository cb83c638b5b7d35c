// The customer's choice on a renewal that waits (issue 45 point 2, decision 0090): another pack
// size of the same product, or (for pick-up) another unit that has the items. The reminder's
// page offers what is on sale today with its price and what the unit has; the chosen variant's
// price becomes the accepted one (the customer saw it), and the renewal is then placed by the
// cycle's normal path ("Pagar agora"), which re-reads price and stock under the lock.
import { and, eq } from "drizzle-orm";
import { productSaleVariants, saleVariants } from "~/modules/catalog/index.server";
import { listActiveUnits } from "~/modules/shop/index.server";
import type { Executor } from "~/platform/db/client.server";
import { type Assinatura, assinaturas, itensAssinatura } from "./tables.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RenewalChoices {
  itens: {
    de: string;
    nome: string;
    opcoes: { id: string; rotulo: string; preco: number; disponivel: number }[];
  }[];
  /** Pick-up units that have every item as it stands (null for delivery). */
  unidades: { id: string; nome: string; atual: boolean }[] | null;
}

/** The units that take pick-ups now. */
export async function pickUpUnits(): Promise<string[]> {
  return (await listActiveUnits())
    .filter((u) => u.ativo && !u.emBreve && u.retiradaAtiva)
    .map((u) => u.id);
}

/** What the customer may switch to on a waiting renewal. */
export async function renewalChoices(
  row: Assinatura,
  itens: { varianteId: string; quantidade: number }[],
): Promise<RenewalChoices> {
  const current = new Map(
    (await saleVariants(itens.map((i) => i.varianteId))).map((v) => [v.id, v]),
  );
  const available = (v: {
    porUnidade: { unidadeId: string; disponivel: number }[];
    estoque: number;
  }) =>
    row.modo === "retirada"
      ? (v.porUnidade.find((u) => u.unidadeId === row.unidadeId)?.disponivel ?? 0)
      : v.estoque;
  const escolhas: RenewalChoices["itens"] = [];
  for (const item of itens) {
    const v = current.get(item.varianteId);
    if (!v) continue;
    const siblings = (await productSaleVariants(v.produtoId)).filter((s) => s.aVenda);
    escolhas.push({
      de: item.varianteId,
      nome: v.nome,
      opcoes: siblings.map((s) => ({
        id: s.id,
        rotulo: s.rotulo || s.nome,
        preco: s.preco,
        disponivel: available(s),
      })),
    });
  }
  let unidades: RenewalChoices["unidades"] = null;
  if (row.modo === "retirada") {
    const open = (await listActiveUnits()).filter((u) => u.ativo && !u.emBreve && u.retiradaAtiva);
    unidades = open
      .filter((u) =>
        itens.every((i) => {
          const v = current.get(i.varianteId);
          const there = v?.porUnidade.find((p) => p.unidadeId === u.id)?.disponivel ?? 0;
          return Boolean(v?.aVenda) && there >= i.quantidade;
        }),
      )
      .map((u) => ({ id: u.id, nome: u.nome, atual: u.id === row.unidadeId }));
  }
  return { itens: escolhas, unidades };
}

/** The choice as the form sends it: `v_<current variant>` = the new one, `unidadeId`. */
export interface RenewalChoice {
  trocas: { de: string; para: string }[];
  unidadeId: string | null;
}

export function readChoice(fields: Record<string, string>): RenewalChoice {
  const trocas: RenewalChoice["trocas"] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (k.startsWith("v_") && UUID.test(k.slice(2)) && UUID.test(v) && k.slice(2) !== v) {
      trocas.push({ de: k.slice(2), para: v });
    }
  }
  const unidadeId = UUID.test(fields.unidadeId ?? "") ? fields.unidadeId! : null;
  return { trocas: trocas.slice(0, 20), unidadeId };
}

/**
 * Applies the choice inside the caller's transaction: each new variant must be of the same
 * product and on sale; a unit must take pick-ups. Null when applied, else the reason.
 */
export async function applyChoice(
  tx: Executor,
  row: Assinatura,
  choice: RenewalChoice,
  /** The units taking pick-ups, read before the transaction (one connection on PGlite). */
  retirada: readonly string[],
): Promise<string | null> {
  const itens = await tx
    .select()
    .from(itensAssinatura)
    .where(eq(itensAssinatura.assinaturaId, row.id));
  const variants = new Map(
    (
      await saleVariants(
        choice.trocas.flatMap((t) => [t.de, t.para]),
        tx,
      )
    ).map((v) => [v.id, v]),
  );
  for (const { de, para } of choice.trocas) {
    const from = variants.get(de);
    const to = variants.get(para);
    if (!itens.some((i) => i.varianteId === de) || !from || !to || to.produtoId !== from.produtoId)
      return "Escolha outra embalagem do mesmo produto.";
    if (!to.aVenda) return "Essa embalagem não está à venda.";
    if (itens.some((i) => i.varianteId === para)) return "Essa embalagem já está na assinatura.";
    await tx
      .update(itensAssinatura)
      .set({ varianteId: para, precoAceito: to.preco })
      .where(and(eq(itensAssinatura.assinaturaId, row.id), eq(itensAssinatura.varianteId, de)));
  }
  if (choice.unidadeId && choice.unidadeId !== row.unidadeId) {
    if (row.modo !== "retirada") return "A unidade se escolhe só na retirada.";
    if (!retirada.includes(choice.unidadeId)) return "Essa unidade não faz retiradas.";
    await tx
      .update(assinaturas)
      .set({ unidadeId: choice.unidadeId })
      .where(eq(assinaturas.id, row.id));
  }
  return null;
}
