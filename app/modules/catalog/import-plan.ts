// The import's plan (decision 0029): the file's rows (one per variant) against the
// catalogue as it is, giving each row its outcome (nova, atualizada, sem mudança or an error
// with its line) and each product what to write. Pure: no I/O, the writer applies it.
import type { ImportProduct } from "./import-columns";
import { unitStockKey } from "./import-columns";

/** One option of a product and its values, in order (produtos.opcoes). */
export interface PlanOption {
  nome: string;
  valores: string[];
}

interface SnapshotUnit {
  id: string;
  slug: string;
  /** Where today's single `Estoque` column goes: the unit that delivers, else the first open. */
  padrao: boolean;
}

export interface SnapshotProduct extends ProductValues {
  id: string;
  sku: string | null;
  excluido: boolean;
}

export interface StockFigure {
  emMaos: number;
  reservado: number;
}

/** A variant's own columns, as stored and as the plan writes them. */
interface VariantColumns {
  ean: string | null;
  rotulo: string;
  /** opcao1..3 */
  opcoes: (string | null)[];
  preco: number;
  precoAntes: number | null;
  pesoG: number | null;
  /** This pack size's cost (centavos) and NCM (issue 44). */
  custo: number | null;
  ncm: string | null;
  ativo: boolean;
  posicao: number;
}

export interface SnapshotVariant extends VariantColumns {
  id: string;
  produtoId: string;
  sku: string;
  /**
   * In some order's items: kept (deactivated) rather than deleted. Read only for what
   * "Substituir variações" may remove; null when not read (taken as sold: never deleted).
   */
  vendida: boolean | null;
  /**
   * By unit id; a unit without a row has nothing. Read for the variants a row of the file
   * names by SKU (the only ones whose stock the plan changes); null for the others.
   */
  estoque: Record<string, StockFigure> | null;
}

/** The catalogue as the plan sees it: every product (deleted ones too), variant and unit. */
export interface CatalogueSnapshot {
  products: SnapshotProduct[];
  variants: SnapshotVariant[];
  units: SnapshotUnit[];
}

export interface PlanOptions {
  /** "Substituir variações": variants of the file's products missing from it are removed. */
  substituir?: boolean;
}

export type RowOutcome = "nova" | "atualizada" | "sem_mudanca" | "erro";

export const ROW_OUTCOME_LABELS: Record<RowOutcome, string> = {
  nova: "Nova",
  atualizada: "Atualizada",
  sem_mudanca: "Sem mudança",
  erro: "Erro",
};

export interface PlannedRow {
  line: number;
  /** The product's name (as the row or its product gives it). */
  nome: string;
  sku: string | null;
  rotulo: string;
  outcome: RowOutcome;
  error?: string;
  product?: ImportProduct;
}

/** A unit's units in hand after the import; `antes` what it had (0 without a row). */
interface StockChange {
  unidadeId: string;
  antes: number;
  depois: number;
}

export interface PlannedVariant extends VariantColumns {
  line: number;
  /** The stored variant; null for a new one. */
  id: string | null;
  /** Null: a new variant of a row without SKU (the writer makes one up). */
  sku: string | null;
  /** A stored variant whose columns change. */
  changed: boolean;
  /** Stock to write: for a stored variant only what changes; for a new one its rows. */
  stock: StockChange[];
}

export interface ProductValues {
  nome: string;
  descricaoCurta: string | null;
  categoria: string;
  subgrupo: string | null;
  marca: string | null;
  unidade: string;
  opcoes: PlanOption[];
}

interface PlannedRemoval {
  id: string;
  sku: string;
  /** Deleted when never sold; deactivated otherwise. */
  mode: "excluir" | "desativar";
}

export interface PlannedProduct {
  /** The stored product; null for a new one. */
  id: string | null;
  sku: string | null;
  values: ProductValues;
  /** A stored product whose columns change. */
  changed: boolean;
  variants: PlannedVariant[];
  removals: PlannedRemoval[];
}

export interface PlanCounts {
  produtos: number;
  variacoes: number;
  atualizadas: number;
  novas: number;
  removidas: number;
  semMudanca: number;
  erros: number;
}

export interface ImportPlan {
  rows: PlannedRow[];
  products: PlannedProduct[];
  counts: PlanCounts;
  /** "12 produtos, 37 variações: 30 atualizadas, 7 novas, 0 removidas" */
  summary: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The plan's summary line, as the preview and the result show it. */
export function planSummary(c: PlanCounts): string {
  let text =
    `${plural(c.produtos, "produto", "produtos")}, ${plural(c.variacoes, "variação", "variações")}: ` +
    `${plural(c.atualizadas, "atualizada", "atualizadas")}, ${plural(c.novas, "nova", "novas")}, ` +
    `${plural(c.removidas, "removida", "removidas")}`;
  if (c.semMudanca > 0) text += `, ${c.semMudanca} sem mudança`;
  if (c.erros > 0) text += `; ${plural(c.erros, "linha com erro", "linhas com erro")}`;
  return text;
}

const lower = (text: string) => text.toLocaleLowerCase("pt-BR");
const sameText = (a: string, b: string) => lower(a.trim()) === lower(b.trim());
const optionNames = (names: string[]) =>
  names.length ? names.map((n) => `"${n}"`).join(", ") : "nenhuma";

interface GroupRow {
  row: PlannedRow;
  product: ImportProduct;
  existing: SnapshotVariant | undefined;
}

interface Group {
  product: SnapshotProduct | undefined;
  rows: GroupRow[];
}

/** Product columns a row may carry; the first row that fills one gives it. */
const PRODUCT_FIELDS = [
  ["nome", "nome_produto"],
  ["categoria", "categoria"],
  ["descricaoCurta", "descricao"],
  ["subgrupo", "subgrupo"],
  ["marca", "marca"],
  ["unidade", "unidade"],
] as const;

type ProductField = (typeof PRODUCT_FIELDS)[number][0];

/**
 * Plans an import: rows are grouped into products by `sku_produto` (or, for a one-variant
 * row, by its SKU), matched to the catalogue by SKU, and checked against their product's
 * options; every row gets its outcome.
 */
export function planImport(
  rows: ({ line: number } & (
    | { ok: true; product: ImportProduct }
    | { ok: false; nome: string; error: string; produto?: string }
  ))[],
  snapshot: CatalogueSnapshot,
  options: PlanOptions = {},
): ImportPlan {
  const productsById = new Map(snapshot.products.map((p) => [p.id, p]));
  const productsBySku = new Map<string, SnapshotProduct>();
  for (const p of snapshot.products) if (p.sku) productsBySku.set(p.sku, p);
  const variantsBySku = new Map(snapshot.variants.map((v) => [v.sku, v]));
  const variantsByProduct = new Map<string, SnapshotVariant[]>();
  for (const v of snapshot.variants) {
    const list = variantsByProduct.get(v.produtoId) ?? [];
    list.push(v);
    variantsByProduct.set(v.produtoId, list);
  }
  const eanOwners = new Map<string, string>();
  for (const v of snapshot.variants) if (v.ean) eanOwners.set(v.ean, v.sku);
  const liveNames = new Set(snapshot.products.filter((p) => !p.excluido).map((p) => lower(p.nome)));
  const unitsByKey = new Map(snapshot.units.map((u) => [unitStockKey(u.slug), u]));
  const defaultUnit = snapshot.units.find((u) => u.padrao);

  const planned: PlannedRow[] = [];
  const groups = new Map<string, Group>();
  const skuLines = new Map<string, number>();
  const fileSkus = new Set<string>();
  const fail = (row: PlannedRow, error: string) => {
    row.outcome = "erro";
    row.error = error;
  };

  /** Product codes of rows that could not even be read, with their first line. */
  const unreadable = new Map<string, number>();
  // Each row to its product's group.
  for (const input of rows) {
    if (!input.ok) {
      if (input.produto && !unreadable.has(input.produto)) {
        unreadable.set(input.produto, input.line);
      }
      planned.push({
        line: input.line,
        nome: input.nome,
        sku: null,
        rotulo: "",
        outcome: "erro",
        error: input.error,
      });
      continue;
    }
    const p = input.product;
    const row: PlannedRow = {
      line: input.line,
      nome: p.nome,
      sku: p.sku,
      rotulo: p.opcoes.map((o) => o.valor).join(" / "),
      outcome: "nova",
      product: p,
    };
    planned.push(row);
    if (p.sku) fileSkus.add(p.sku);
    const seen = p.sku ? skuLines.get(p.sku) : undefined;
    if (seen !== undefined) {
      fail(row, `SKU ${p.sku} repetido (já está na linha ${seen})`);
      continue;
    }
    if (p.sku) skuLines.set(p.sku, input.line);
    const unknown = Object.keys(p.estoques).find((key) => !unitsByKey.has(key));
    if (unknown !== undefined) {
      const slugs = snapshot.units.map((u) => u.slug).join(", ");
      fail(row, `unidade "${unknown}" não existe (coluna de estoque); unidades: ${slugs}`);
      continue;
    }
    if (p.estoque != null && !defaultUnit) {
      fail(row, "nenhuma unidade aberta para receber o estoque");
      continue;
    }
    const existing = p.sku ? variantsBySku.get(p.sku) : undefined;
    let key: string;
    let product: SnapshotProduct | undefined;
    if (existing) {
      product = productsById.get(existing.produtoId);
      if (!product || product.excluido) {
        fail(row, `SKU ${p.sku} é de um produto excluído`);
        continue;
      }
      if (p.skuProduto && p.skuProduto !== product.sku) {
        const owner = product.sku ? `do produto ${product.sku}` : `do produto "${product.nome}"`;
        fail(row, `SKU ${p.sku} é ${owner}, não de ${p.skuProduto}`);
        continue;
      }
      key = `id:${product.id}`;
    } else {
      const code = p.skuProduto ?? p.sku;
      product = code ? productsBySku.get(code) : undefined;
      if (product?.excluido) {
        fail(row, `sku_produto ${code} é de um produto excluído`);
        continue;
      }
      key = product ? `id:${product.id}` : code ? `novo:${code}` : `linha:${input.line}`;
    }
    if (!row.nome && product) row.nome = product.nome;
    const group = groups.get(key) ?? { product, rows: [] };
    group.rows.push({ row, product: p, existing });
    groups.set(key, group);
  }

  const pending: PendingProduct[] = [];
  const newNames = new Set<string>();
  for (const group of groups.values()) {
    const planned = planGroup(group);
    if (planned) pending.push(planned);
  }
  // "Substituir variações" removes only when every row of the file is right: a row in error
  // may be the very variant the admin meant to keep.
  const errorsInFile = planned.some((r) => r.outcome === "erro");
  const blocked = !!options.substituir && errorsInFile;
  const products = pending.map((p) => finishProduct(p, !!options.substituir && !errorsInFile));

  interface PendingProduct {
    product: PlannedProduct;
    stored: SnapshotProduct | undefined;
    storedVariants: SnapshotVariant[];
    names: string[];
    rows: GroupRow[];
  }

  /** Removals, the option values left and whether the stored product changes. */
  function finishProduct(pending: PendingProduct, replace: boolean): PlannedProduct {
    const { product, stored, storedVariants, names, rows } = pending;
    const { values, variants } = product;
    // What goes: stored variants the file does not name, when the admin asked for it.
    if (replace && stored) {
      for (const v of storedVariants) {
        if (fileSkus.has(v.sku)) continue;
        if (v.vendida === false) product.removals.push({ id: v.id, sku: v.sku, mode: "excluir" });
        else if (v.ativo) product.removals.push({ id: v.id, sku: v.sku, mode: "desativar" });
      }
    }
    // Option values: the stored order, then new ones in the file's order; a value no
    // variant uses any more goes.
    const deleted = new Set(product.removals.filter((r) => r.mode === "excluir").map((r) => r.id));
    const listed = new Set(variants.map((v) => v.id).filter(Boolean));
    const remaining = [
      ...storedVariants.filter((v) => !deleted.has(v.id) && !listed.has(v.id)).map((v) => v.opcoes),
      ...variants.map((v) => v.opcoes),
    ];
    values.opcoes = names.map((nome, i) => {
      const used = remaining.map((o) => o[i]).filter((o): o is string => !!o);
      const order = [...(stored?.opcoes[i]?.valores ?? []), ...used];
      return { nome, valores: [...new Set(order)].filter((value) => used.includes(value)) };
    });
    product.changed =
      !!stored &&
      (values.nome !== stored.nome ||
        !sameText(values.categoria, stored.categoria) ||
        values.descricaoCurta !== stored.descricaoCurta ||
        values.subgrupo !== stored.subgrupo ||
        values.marca !== stored.marca ||
        values.unidade !== stored.unidade ||
        JSON.stringify(values.opcoes) !== JSON.stringify(stored.opcoes));
    if (product.changed) {
      for (const r of rows) if (r.row.outcome === "sem_mudanca") r.row.outcome = "atualizada";
    }
    return product;
  }

  function planGroup(group: Group): PendingProduct | null {
    const stored = group.product;
    const storedVariants = stored ? (variantsByProduct.get(stored.id) ?? []) : [];
    let rows = group.rows;
    const ok = () => rows.filter((r) => r.row.outcome !== "erro");

    // Options: the stored product's, or those of the group's first row.
    const names = stored
      ? stored.opcoes.map((o) => o.nome)
      : (rows[0]?.product.opcoes.map((o) => o.nome) ?? []);
    const unnamed = names.indexOf("");
    for (const r of rows) {
      if (unnamed >= 0) {
        fail(r.row, `opcao${unnamed + 1}_nome é obrigatório para um produto novo`);
        continue;
      }
      const got = r.product.opcoes.map((o) => o.nome);
      const fits =
        got.length === names.length && got.every((n, i) => n === "" || sameText(n, names[i] ?? ""));
      if (!fits) {
        fail(
          r.row,
          `opções não conferem com o produto: esperado ${optionNames(names)}, recebido ${optionNames(got)}`,
        );
      }
    }
    rows = ok();

    // Product columns: the first row that fills one; another value later is an error.
    const given: Partial<Record<ProductField, { value: string | number; line: number }>> = {};
    const present = new Set<ProductField>();
    for (const r of rows) {
      for (const [field, label] of PRODUCT_FIELDS) {
        const value = r.product[field];
        if (value === undefined) continue;
        present.add(field);
        if (value === null || value === "") continue;
        const first = given[field];
        if (!first) given[field] = { value, line: r.row.line };
        else if (
          typeof value === "string" && typeof first.value === "string"
            ? field === "categoria"
              ? !sameText(value, first.value)
              : value !== first.value
            : value !== first.value
        ) {
          fail(r.row, `${label} diferente da linha ${first.line} (mesmo produto)`);
        }
      }
    }
    rows = ok();
    if (rows.length === 0) return null;
    const pick = <F extends ProductField>(field: F, current: ProductValues[F], empty: unknown) =>
      (given[field]?.value ?? (present.has(field) ? empty : current)) as ProductValues[F];
    const nome = pick("nome", stored?.nome ?? "", "");
    const categoria = pick("categoria", stored?.categoria ?? "", "");
    const values: ProductValues = {
      nome: nome || (stored?.nome ?? ""),
      categoria: categoria || (stored?.categoria ?? ""),
      descricaoCurta: pick("descricaoCurta", stored?.descricaoCurta ?? null, null),
      subgrupo: pick("subgrupo", stored?.subgrupo ?? null, null),
      marca: pick("marca", stored?.marca ?? null, null),
      unidade: pick("unidade", stored?.unidade ?? "UN", "UN"),
      opcoes: [],
    };
    if (!stored) {
      const problem = !values.nome
        ? "Nome do produto é obrigatório"
        : !values.categoria
          ? "Categoria é obrigatória"
          : liveNames.has(lower(values.nome)) || newNames.has(lower(values.nome))
            ? "produto já existe"
            : null;
      if (problem) {
        for (const r of rows) fail(r.row, problem);
        return null;
      }
      newNames.add(lower(values.nome));
    }
    for (const r of rows) r.row.nome = values.nome;

    // Variants: one for a product without options; otherwise one per combination.
    const combos = new Map<string, string>();
    for (const v of storedVariants) {
      if (names.length) combos.set(comboKey(v.opcoes.slice(0, names.length)), v.sku);
    }
    const fileCombos = new Map<string, number>();
    const fileEans = new Map<string, number>();
    const variants: PlannedVariant[] = [];
    let nextPosition = Math.max(-1, ...storedVariants.map((v) => v.posicao)) + 1;
    const spelled = (i: number, value: string) =>
      stored?.opcoes[i]?.valores.find((known) => sameText(known, value)) ?? value;
    for (const r of rows) {
      const p = r.product;
      const v = r.existing;
      if (names.length === 0) {
        const other = v ? undefined : (storedVariants[0] ?? variants[0]);
        if (other) {
          const otherSku = other.sku;
          fail(
            r.row,
            `o produto "${values.nome}" não tem opções e já tem sua variação${otherSku ? ` (SKU ${otherSku})` : ""}: use opcao1_nome e opcao1_valor para ter variações`,
          );
          continue;
        }
      }
      const opcoes: (string | null)[] = p.opcoes.map((o, i) => spelled(i, o.valor));
      if (names.length) {
        const key = comboKey(opcoes);
        const owner = combos.get(key);
        if (owner && owner !== v?.sku) {
          fail(r.row, `a combinação "${opcoes.join(" / ")}" já é da variação SKU ${owner}`);
          continue;
        }
        const line = fileCombos.get(key);
        if (line !== undefined) {
          fail(r.row, `a combinação "${opcoes.join(" / ")}" repete a da linha ${line}`);
          continue;
        }
      }
      const ean = p.ean === undefined ? (v?.ean ?? null) : p.ean;
      if (ean) {
        const owner = eanOwners.get(ean);
        if (owner && owner !== (v?.sku ?? p.sku)) {
          fail(r.row, `EAN ${ean} já é da variação SKU ${owner}`);
          continue;
        }
        const line = fileEans.get(ean);
        if (line !== undefined) {
          fail(r.row, `EAN ${ean} repete o da linha ${line}`);
          continue;
        }
      }
      const stock = stockChanges(p, v);
      if (typeof stock === "string") {
        fail(r.row, stock);
        continue;
      }
      if (names.length) fileCombos.set(comboKey(opcoes), r.row.line);
      if (ean) fileEans.set(ean, r.row.line);
      while (opcoes.length < 3) opcoes.push(null);
      const planned: PlannedVariant = {
        line: r.row.line,
        id: v?.id ?? null,
        sku: v?.sku ?? p.sku,
        ean,
        rotulo: p.opcoes.map((_, i) => opcoes[i]).join(" / "),
        opcoes,
        preco: p.precoAtual,
        precoAntes: p.precoAntes === undefined ? (v?.precoAntes ?? null) : p.precoAntes,
        pesoG: p.pesoG === undefined ? (v?.pesoG ?? null) : p.pesoG,
        custo: p.precoCusto === undefined ? (v?.custo ?? null) : p.precoCusto,
        ncm: p.ncm === undefined ? (v?.ncm ?? null) : p.ncm,
        ativo: p.ativo ?? v?.ativo ?? true,
        posicao: v?.posicao ?? nextPosition++,
        changed: false,
        stock,
      };
      r.row.rotulo = planned.rotulo;
      if (v) {
        planned.changed =
          planned.ean !== v.ean ||
          planned.rotulo !== v.rotulo ||
          planned.opcoes.some((o, i) => o !== (v.opcoes[i] ?? null)) ||
          planned.preco !== v.preco ||
          planned.precoAntes !== v.precoAntes ||
          planned.pesoG !== v.pesoG ||
          planned.custo !== v.custo ||
          planned.ncm !== v.ncm ||
          planned.ativo !== v.ativo;
        r.row.outcome = planned.changed || stock.length > 0 ? "atualizada" : "sem_mudanca";
      } else {
        r.row.outcome = "nova";
      }
      variants.push(planned);
    }
    if (variants.length === 0) return null;
    // Never half a product on the shelf: a new product goes in with all its rows or none
    // (a 15 kg bag published alone because the 1 kg row had a typo is a wrong catalogue).
    if (!stored) {
      const first = group.rows[0]!.product;
      const lines = [
        ...group.rows.filter((r) => r.row.outcome === "erro").map((r) => r.row.line),
        unreadable.get(first.skuProduto ?? first.sku ?? "") ?? Number.POSITIVE_INFINITY,
      ];
      const broken = Math.min(...lines);
      if (Number.isFinite(broken)) {
        for (const r of group.rows) {
          if (r.row.outcome !== "erro") {
            fail(
              r.row,
              `produto novo com erro na linha ${broken}: nenhuma variação dele foi importada (corrija a linha e importe de novo)`,
            );
          }
        }
        return null;
      }
    }

    return {
      product: {
        id: stored?.id ?? null,
        sku: stored ? stored.sku : (rows[0]!.product.skuProduto ?? rows[0]!.product.sku),
        values,
        changed: false,
        variants,
        removals: [],
      },
      stored,
      storedVariants,
      names,
      rows,
    };
  }

  /** The stock a row sets, unit by unit; for a stored variant only what changes. */
  function stockChanges(p: ImportProduct, v: SnapshotVariant | undefined): StockChange[] | string {
    const targets = new Map<string, number>();
    for (const [key, value] of Object.entries(p.estoques)) {
      targets.set(unitsByKey.get(key)!.id, value);
    }
    if (p.estoque != null && defaultUnit && !targets.has(defaultUnit.id)) {
      targets.set(defaultUnit.id, p.estoque);
    }
    if (!v) {
      // A new variant has its row at the unit that delivers even with nothing in hand.
      if (targets.size === 0 && defaultUnit) targets.set(defaultUnit.id, 0);
      return [...targets].map(([unidadeId, depois]) => ({ unidadeId, antes: 0, depois }));
    }
    const changes: StockChange[] = [];
    for (const [unidadeId, depois] of targets) {
      if (!v.estoque) throw new Error(`estoque da variação ${v.sku} não foi lido`);
      const current = v.estoque[unidadeId] ?? { emMaos: 0, reservado: 0 };
      if (depois === current.emMaos) continue;
      if (depois < current.reservado) {
        const slug = snapshot.units.find((u) => u.id === unidadeId)?.slug ?? unidadeId;
        return `estoque ${depois} em ${slug} fica abaixo do reservado por pedidos (${current.reservado})`;
      }
      changes.push({ unidadeId, antes: current.emMaos, depois });
    }
    return changes;
  }

  const count = (outcome: RowOutcome) => planned.filter((r) => r.outcome === outcome).length;
  const counts: PlanCounts = {
    produtos: products.length,
    variacoes: planned.filter((r) => r.outcome !== "erro").length,
    atualizadas: count("atualizada"),
    novas: count("nova"),
    removidas: products.reduce((n, p) => n + p.removals.length, 0),
    semMudanca: count("sem_mudanca"),
    erros: count("erro"),
  };
  let summary = planSummary(counts);
  if (blocked) summary += "; nenhuma variação removida: corrija as linhas com erro para substituir";
  return { rows: planned, products, counts, summary };
}

function comboKey(values: (string | null)[]): string {
  return values.map((v) => lower((v ?? "").trim())).join("\u0000");
}
