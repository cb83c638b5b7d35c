// The catalogue as goods received read it (issue 44 point 2, decision 0084): the variants a
// note's GTINs name, the variant a person types to map an unknown item (SKU, EAN, or words
// of its name, as a USB scanner or a phone types an EAN), and each variant's cost after the
// entry (the last cost and the weighted average). Catalog owns `variantes`: the fiscal
// module asks here.
import { custoMedioDepois } from "~/domain/entrada-nota";
import { type Executor, runSql, type Tx } from "~/platform/db/client.server";
import { normalizeSearch } from "./search";
import { lineName } from "./variant-choice";

/** A variant as the entry screen names it. */
export interface EntryVariant {
  varianteId: string;
  /** "Ração X — 15 kg (SKU RX15)". */
  nome: string;
}

interface VariantNameRow {
  id: string;
  ean: string | null;
  sku: string;
  nome: string;
  rotulo: string;
}

const named = (r: VariantNameRow): EntryVariant => ({
  varianteId: r.id,
  nome: `${lineName(r.nome, r.rotulo)} (SKU ${r.sku})`,
});

/**
 * The ways one GTIN may be written: a GTIN-14 of a box is the unit's EAN-13 with a leading
 * zero when the box carries the unit's code, and suppliers pad EAN-8 and UPC-12 to 14.
 */
function gtinForms(gtin: string): string[] {
  const bare = gtin.replace(/^0+/, "");
  return [...new Set([gtin, ...[8, 12, 13, 14].map((n) => bare.padStart(n, "0"))])].filter(
    (g) => g.length <= 14,
  );
}

/** The variants (of products not deleted) whose EAN is one of `gtins`, by the GTIN as given. */
export async function variantsByGtin(
  executor: Executor,
  gtins: string[],
): Promise<Map<string, EntryVariant>> {
  const out = new Map<string, EntryVariant>();
  const unique = [...new Set(gtins)];
  if (unique.length === 0) return out;
  const forms = [...new Set(unique.flatMap(gtinForms))];
  const rows = await runSql<VariantNameRow>(
    executor,
    `select v.id, v.ean, v.sku, p.nome, v.rotulo from variantes v
     join produtos p on p.id = v.produto_id and p.excluido_em is null
     where v.ean = any($1::text[])`,
    [forms],
    "entrada_variantes_gtin",
  );
  const byEan = new Map(rows.map((r) => [r.ean!, r]));
  for (const gtin of unique) {
    const row = gtinForms(gtin)
      .map((g) => byEan.get(g))
      .find(Boolean);
    if (row) out.set(gtin, named(row));
  }
  return out;
}

/** The variants of these ids (of products not deleted), named. */
export async function variantsById(
  executor: Executor,
  ids: string[],
): Promise<Map<string, EntryVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await runSql<VariantNameRow>(
    executor,
    `select v.id, v.ean, v.sku, p.nome, v.rotulo from variantes v
     join produtos p on p.id = v.produto_id and p.excluido_em is null
     where v.id = any($1::uuid[])`,
    [[...new Set(ids)]],
    "entrada_variantes_id",
  );
  return new Map(rows.map((r) => [r.id, named(r)]));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Most candidates a typed name lists. */
const PICK_LIMIT = 6;

/**
 * What a person typed to map an item: an exact SKU or EAN is that variant; otherwise the
 * variants whose product name, SKU or label hold every word (up to PICK_LIMIT).
 */
export async function findVariantsByText(
  executor: Executor,
  typed: string,
): Promise<EntryVariant[]> {
  const text = typed.trim().slice(0, 100);
  if (!text) return [];
  const exact = await runSql<VariantNameRow>(
    executor,
    `select v.id, v.ean, v.sku, p.nome, v.rotulo from variantes v
     join produtos p on p.id = v.produto_id and p.excluido_em is null
     where lower(v.sku) = lower($1) or v.ean = any($2::text[]) limit 2`,
    [text, /^\d{8,14}$/.test(text) ? gtinForms(text) : []],
    "entrada_variante_codigo",
  );
  if (exact.length === 1) return exact.map(named);
  const words = (normalizeSearch(text) ?? "").split(" ").filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  const where = words.map(
    (_, i) =>
      `(p.busca like $${i + 1} or lower(v.sku) like $${i + 1} or lower(v.rotulo) like $${i + 1})`,
  );
  const rows = await runSql<VariantNameRow>(
    executor,
    `select v.id, v.ean, v.sku, p.nome, v.rotulo from variantes v
     join produtos p on p.id = v.produto_id and p.excluido_em is null
     where ${where.join(" and ")}
     order by lower(p.nome), v.posicao, v.sku limit ${PICK_LIMIT}`,
    words.map((w) => `%${escapeLike(w)}%`),
  );
  return rows.map(named);
}

/** One variant's share of an entry: units that arrived, at what cost, on what was in hand. */
export interface EntryCost {
  varianteId: string;
  unidades: number;
  /** Centavos one unit cost. */
  custo: number;
  /** Units in hand at every unit before the entry (the average weighs them). */
  emMaosAntes: number;
}

/**
 * After an entry: each variant's cost becomes the last one paid, and its average cost the
 * average weighted by the units in hand (custoMedioDepois). One statement for the note, the
 * rows locked in id order (two entries of one variant average one after the other).
 */
export async function recordEntryCosts(tx: Tx, lines: EntryCost[]): Promise<void> {
  if (lines.length === 0) return;
  const sorted = [...lines].sort((a, b) => a.varianteId.localeCompare(b.varianteId));
  const current = await runSql<{ id: string; custo_medio: string | null }>(
    tx,
    `select id, custo_medio::text as custo_medio from variantes
     where id = any($1::uuid[]) order by id for update`,
    [sorted.map((l) => l.varianteId)],
    "entrada_custos_trava",
  );
  const medio = new Map(
    current.map((r) => [
      r.id,
      r.custo_medio == null ? null : Math.round(Number(r.custo_medio) * 100),
    ]),
  );
  const ids: string[] = [];
  const custos: string[] = [];
  const medios: string[] = [];
  for (const line of sorted) {
    if (!medio.has(line.varianteId)) continue;
    const depois = custoMedioDepois(
      line.emMaosAntes,
      medio.get(line.varianteId) ?? null,
      line.unidades,
      line.custo,
    );
    ids.push(line.varianteId);
    custos.push((line.custo / 100).toFixed(2));
    medios.push((depois / 100).toFixed(2));
  }
  await runSql(
    tx,
    `update variantes v set custo = u.custo, custo_medio = u.medio, updated_at = now()
     from unnest($1::uuid[], $2::numeric[], $3::numeric[]) as u(id, custo, medio)
     where v.id = u.id`,
    [ids, custos, medios],
    "entrada_custos",
  );
}

/**
 * What one unit of each variant cost the shop, for the margin of a counter sale (decision
 * 0089): the weighted average cost, else the last cost paid; absent when neither is known.
 */
export async function unitCosts(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await runSql<{ id: string; custo: string | null }>(
    executor,
    `select id, coalesce(custo_medio, custo)::text as custo from variantes
     where id = any($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.filter((r) => r.custo != null).map((r) => [r.id, Math.round(Number(r.custo) * 100)]),
  );
}
