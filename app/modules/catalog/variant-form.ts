// The rules of a product's Variações (options and the grid of variants), shared by the
// admin's screen (checked as the admin types and on submit) and its action. Pure: no I/O.
import { z } from "zod";
import { parseBRL } from "~/domain/money";
import { normalizeSearch } from "./search";

export const MAX_OPTIONS = 3;
/** More rows than a counter can fill in: 3 options × 10 values is 1000. */
const MAX_VARIANTS = 100;
const MAX_NAME = 40;
const MAX_VALUE = 40;
const MAX_SKU = 60;
const MAX_STOCK = 1_000_000;

/** One option as the form sends it: its name and its values, in order. */
export interface OptionForm {
  nome: string;
  valores: string[];
}

/** One row of the grid as the form sends it (text as typed). */
export interface VariantRowForm {
  /** The stored variant the row edits; absent for a new one. */
  id?: string | null;
  /** Its value of each option, in the options' order ([] without options). */
  valores: string[];
  sku: string;
  ean?: string;
  preco: string;
  precoAntes?: string;
  pesoG?: string;
  /** This pack size's cost, as typed ("121,00"); and its NCM ("2309.10.00"). */
  custo?: string;
  ncm?: string;
  /** "produto": the product's image (stored as null); "nenhuma": no image. */
  imagem?: "produto" | "nenhuma";
  ativo: boolean;
  /** Units in hand by unit id, as typed. */
  estoque: Record<string, string>;
}

export interface VariantsForm {
  opcoes: OptionForm[];
  variantes: VariantRowForm[];
}

/** A checked row: money in centavos, stock as integers, its label and position. */
export interface VariantRow {
  id: string | null;
  valores: string[];
  rotulo: string;
  sku: string;
  ean: string | null;
  preco: number;
  precoAntes: number | null;
  pesoG: number | null;
  /** Centavos; null when not told. */
  custo: number | null;
  /** 8 digits; null when not told. */
  ncm: string | null;
  /** null: the product's image; "": none. */
  imagemUrl: "" | null;
  ativo: boolean;
  posicao: number;
  estoque: { unidadeId: string; emMaos: number }[];
}

export interface VariantsInput {
  opcoes: OptionForm[];
  variantes: VariantRow[];
}

/** "1 kg, 3 kg , 15 kg" -> ["1 kg", "3 kg", "15 kg"] (empty pieces dropped). */
export function splitValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

/** A variant's label: "15 kg", "P / Azul"; "" for a product without options. */
export function variantLabel(valores: string[]): string {
  return valores.join(" / ");
}

/** The key of a combination, for comparing rows (case and accents count as the same). */
export function combinationKey(valores: string[]): string {
  return valores.map((v) => normalizeSearch(v)).join("\u0000");
}

type Issue = { path: (string | number)[]; message: string };

/** What is wrong with the options, each with its path (opcoes.<i>.nome / .valores). */
export function optionIssues(opcoes: OptionForm[]): Issue[] {
  const issues: Issue[] = [];
  if (opcoes.length > MAX_OPTIONS) {
    issues.push({ path: ["opcoes"], message: `Use no máximo ${MAX_OPTIONS} opções` });
  }
  const names = new Set<string>();
  opcoes.forEach((opcao, i) => {
    const nome = opcao.nome.trim();
    const at = (field: string) => ["opcoes", i, field];
    if (!nome) {
      issues.push({ path: at("nome"), message: `Opção ${i + 1}: informe o nome (ex.: Peso)` });
    } else if (nome.length > MAX_NAME) {
      issues.push({
        path: at("nome"),
        message: `Opção ${nome.slice(0, MAX_NAME)}…: o nome deve ter no máximo ${MAX_NAME} caracteres`,
      });
    } else if (names.has(normalizeSearch(nome))) {
      issues.push({ path: at("nome"), message: `A opção ${nome} aparece duas vezes` });
    }
    names.add(normalizeSearch(nome));
    const label = nome || `${i + 1}`;
    if (opcao.valores.length === 0) {
      issues.push({
        path: at("valores"),
        message: `Opção ${label}: informe ao menos um valor`,
      });
      return;
    }
    const seen = new Set<string>();
    for (const raw of opcao.valores) {
      const valor = raw.trim();
      if (!valor) {
        issues.push({ path: at("valores"), message: `Opção ${label}: há um valor vazio` });
        break;
      }
      if (valor.length > MAX_VALUE) {
        issues.push({
          path: at("valores"),
          message: `Opção ${label}: cada valor deve ter no máximo ${MAX_VALUE} caracteres`,
        });
        break;
      }
      const key = normalizeSearch(valor);
      if (seen.has(key)) {
        issues.push({
          path: at("valores"),
          message: `Opção ${label}: o valor ${valor} aparece duas vezes`,
        });
        break;
      }
      seen.add(key);
    }
  });
  return issues;
}

/** Every combination of the options' values, in option and value order ([[]] without options). */
export function combinations(opcoes: OptionForm[]): string[][] {
  return opcoes.reduce<string[][]>(
    (acc, opcao) => acc.flatMap((prefix) => opcao.valores.map((v) => [...prefix, v.trim()])),
    [[]],
  );
}

/** "RACAO-15KG": the product's code and the values, upper-case, letters and digits only. */
export function suggestedSku(base: string | null | undefined, valores: string[]): string {
  const part = (text: string) =>
    normalizeSearch(text)
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "");
  return [base?.trim() || "PROD", ...valores.map(part).filter(Boolean)].join("-");
}

/**
 * The grid after "Gerar combinações": one row per combination, in order. A row that already
 * has the combination is kept as it is; the only row of a product that had no options
 * becomes the first combination (it keeps its id, SKU, prices and stock); the others are
 * new, made by `blank`.
 */
export function mergeCombinations<R extends { valores: string[] }>(
  rows: R[],
  combos: string[][],
  blank: (valores: string[], index: number) => R,
): R[] {
  const byKey = new Map(rows.map((r) => [combinationKey(r.valores), r]));
  const single = rows.length === 1 && rows[0]!.valores.length === 0 ? rows[0]! : null;
  return combos.map((valores, i) => {
    const kept = byKey.get(combinationKey(valores));
    if (kept) return { ...kept, valores };
    if (single && i === 0) return { ...single, valores };
    return blank(valores, i);
  });
}

/**
 * A combination new to the grid ("Gerar combinações"): its suggested SKU, no price, no stock,
 * and inactive. Copying the first row's price put a new 20 kg bag on sale at the 1 kg price
 * the moment the grid was saved; now the admin types its price and turns it on.
 */
export function newCombinationRow(
  valores: string[],
  baseSku: string | null | undefined,
  unitIds: readonly string[],
): VariantRowForm {
  return {
    id: null,
    valores,
    sku: suggestedSku(baseSku, valores),
    ean: "",
    preco: "",
    precoAntes: "",
    pesoG: "",
    custo: "",
    ncm: "",
    imagem: "produto",
    ativo: false,
    estoque: Object.fromEntries(unitIds.map((id) => [id, "0"])),
  };
}

/** "Variação 15 kg", or "Linha 2" for a row without a label. */
function rowName(valores: string[], index: number): string {
  const rotulo = variantLabel(valores.map((v) => v.trim()));
  return rotulo ? `Variação ${rotulo}` : `Linha ${index + 1}`;
}

function readInt(text: string | undefined): number | null | "invalid" {
  const t = (text ?? "").trim();
  if (!t) return null;
  if (!/^-?\d+$/.test(t)) return "invalid";
  return Number(t);
}

/** Checks one row; its issues (path variantes.<i>.<field>) and its value when it is valid. */
function checkRow(
  row: VariantRowForm,
  index: number,
  issues: Issue[],
): Omit<VariantRow, "posicao"> | null {
  const name = rowName(row.valores, index);
  const before = issues.length;
  const at = (...field: string[]) => ["variantes", index, ...field];
  const add = (field: string[], message: string) =>
    issues.push({ path: at(...field), message: `${name}: ${message}` });

  const sku = row.sku.trim();
  if (!sku) add(["sku"], "informe o SKU");
  else if (sku.length > MAX_SKU) add(["sku"], `o SKU deve ter no máximo ${MAX_SKU} caracteres`);

  const ean = (row.ean ?? "").replace(/\s/g, "");
  if (ean && !/^\d{8,14}$/.test(ean)) add(["ean"], "o EAN deve ter de 8 a 14 dígitos");

  const preco = row.preco.trim() ? parseBRL(row.preco) : null;
  if (!row.preco.trim()) add(["preco"], "informe o preço");
  else if (preco === null) add(["preco"], "preço inválido. Use o formato 12,90");
  else if (preco <= 0) add(["preco"], "o preço deve ser maior que zero");

  const antesText = (row.precoAntes ?? "").trim();
  const precoAntes = antesText ? parseBRL(antesText) : null;
  if (antesText && precoAntes === null) {
    add(["precoAntes"], "preço antigo inválido. Use o formato 12,90");
  } else if (precoAntes !== null && preco !== null && precoAntes <= preco) {
    add(["precoAntes"], "o preço antigo deve ser maior que o preço (ou fique vazio)");
  }

  const pesoG = readInt(row.pesoG);
  if (pesoG === "invalid" || (pesoG !== null && (pesoG <= 0 || pesoG > 1_000_000))) {
    add(["pesoG"], "o peso deve ser um número inteiro de gramas maior que zero (ou fique vazio)");
  }

  const custoText = (row.custo ?? "").trim();
  const custo = custoText ? parseBRL(custoText) : null;
  if (custoText && (custo === null || custo < 0)) {
    add(["custo"], "custo inválido. Use o formato 12,90 (ou deixe vazio)");
  }
  const ncm = (row.ncm ?? "").replace(/[\s.]/g, "");
  if (ncm && !/^\d{8}$/.test(ncm)) add(["ncm"], "o NCM tem 8 dígitos, ex.: 2309.10.00");

  const estoque: VariantRow["estoque"] = [];
  for (const [unidadeId, text] of Object.entries(row.estoque)) {
    const emMaos = readInt(text);
    if (emMaos === "invalid" || (emMaos !== null && (emMaos < 0 || emMaos > MAX_STOCK))) {
      add(["estoque", unidadeId], "o estoque deve ser um número inteiro maior ou igual a zero");
      continue;
    }
    estoque.push({ unidadeId, emMaos: emMaos ?? 0 });
  }

  if (issues.length > before) return null;
  const valores = row.valores.map((v) => v.trim());
  return {
    id: row.id || null,
    valores,
    rotulo: variantLabel(valores),
    sku,
    ean: ean || null,
    preco: preco!,
    precoAntes: precoAntes as number | null,
    pesoG: pesoG as number | null,
    custo: custo as number | null,
    ncm: ncm || null,
    imagemUrl: row.imagem === "nenhuma" ? "" : null,
    ativo: row.ativo,
    estoque,
  };
}

/** Checks the whole form: the options, then every row and what rows must not share. */
function variantsIssues(form: VariantsForm): { issues: Issue[]; rows: VariantRow[] } {
  const issues = optionIssues(form.opcoes);
  const rows: VariantRow[] = [];
  if (form.variantes.length === 0) {
    issues.push({ path: ["variantes"], message: "Adicione ao menos uma variação" });
  } else if (form.variantes.length > MAX_VARIANTS) {
    issues.push({
      path: ["variantes"],
      message: `Use no máximo ${MAX_VARIANTS} variações por produto`,
    });
  }
  const options = form.opcoes.map((o) => new Set(o.valores.map((v) => normalizeSearch(v))));
  const combos = new Map<string, number>();
  const skus = new Map<string, number>();
  const eans = new Map<string, number>();
  form.variantes.forEach((row, i) => {
    const name = rowName(row.valores, i);
    const fits =
      row.valores.length === options.length &&
      row.valores.every((v, k) => v.trim() && options[k]!.has(normalizeSearch(v)));
    if (!fits) {
      issues.push({
        path: ["variantes", i, "valores"],
        message: `${name}: a combinação não corresponde às opções. Use "Gerar combinações"`,
      });
    } else {
      const key = combinationKey(row.valores);
      const other = combos.get(key);
      if (other !== undefined) {
        issues.push({
          path: ["variantes", i, "valores"],
          message:
            row.valores.length === 0
              ? "Sem opções o produto tem uma só variação: defina as opções para ter mais"
              : `${name}: a combinação ${variantLabel(row.valores)} está repetida`,
        });
      } else combos.set(key, i);
    }
    const checked = checkRow(row, i, issues);
    const sku = row.sku.trim().toUpperCase();
    if (sku) {
      const other = skus.get(sku);
      if (other !== undefined) {
        issues.push({
          path: ["variantes", i, "sku"],
          message: `${name}: o SKU ${row.sku.trim()} já está na ${rowName(form.variantes[other]!.valores, other)}`,
        });
      } else skus.set(sku, i);
    }
    const ean = (row.ean ?? "").replace(/\s/g, "");
    if (ean) {
      const other = eans.get(ean);
      if (other !== undefined) {
        issues.push({
          path: ["variantes", i, "ean"],
          message: `${name}: o EAN ${ean} já está na ${rowName(form.variantes[other]!.valores, other)}`,
        });
      } else eans.set(ean, i);
    }
    if (checked) rows.push({ ...checked, posicao: i });
  });
  return { issues, rows };
}

const optionForm = z.object({
  nome: z.string().max(200, "Nome da opção muito longo"),
  valores: z.array(z.string().max(200, "Valor muito longo")).max(100, "Valores demais"),
});

const rowForm = z.object({
  id: z.uuid("Variação inválida").nullish(),
  valores: z.array(z.string().max(200, "Valor muito longo")).max(MAX_OPTIONS),
  sku: z.string().max(200, "SKU muito longo"),
  ean: z.string().max(200, "EAN muito longo").optional(),
  preco: z.string().max(40, "Preço inválido"),
  precoAntes: z.string().max(40, "Preço inválido").optional(),
  pesoG: z.string().max(40, "Peso inválido").optional(),
  custo: z.string().max(40, "Custo inválido").optional(),
  ncm: z.string().max(40, "NCM inválido").optional(),
  imagem: z.enum(["produto", "nenhuma"]).optional(),
  ativo: z.boolean(),
  estoque: z.record(z.uuid("Unidade inválida"), z.string().max(40, "Estoque inválido")),
});

/** The Variações form, as the screen holds it and the action reads it. */
export const variantsFormSchema = z
  .object({
    opcoes: z.array(optionForm).max(10, "Opções demais"),
    variantes: z.array(rowForm).max(1000, "Variações demais"),
  })
  .transform((form, ctx): VariantsInput => {
    const { issues, rows } = variantsIssues(form);
    for (const issue of issues) ctx.addIssue({ code: "custom", ...issue });
    if (issues.length > 0) return z.NEVER;
    return {
      opcoes: form.opcoes.map((o) => ({
        nome: o.nome.trim(),
        valores: o.valores.map((v) => v.trim()),
      })),
      variantes: rows,
    };
  });

/** The form as one JSON field (`dados`), the way the screen posts it. */
export const variantsJsonSchema = z
  .string({ error: "Envie as variações" })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Dados das variações inválidos" });
      return z.NEVER;
    }
  })
  .pipe(variantsFormSchema);
