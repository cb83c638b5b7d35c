// The demo shop an empty database starts with, read from the data files in ./demo (see its
// README): the catalogue in the product import format, coupons and neighbourhoods as the
// admin forms take them. Found from the sources and from the server bundle (build/server).
// Also what the seed and the demo's removal read from it: its products and their pictures.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PRODUCT_IMAGE_WIDTHS } from "~/modules/catalog";
import type { ImportProduct, MappedRow } from "~/modules/catalog/index.server";
import { type ArtSpec, productArt, sizeInName } from "~/startup/demo-art";

interface DemoCategory {
  nome: string;
  descricao: string;
  /** The background colour of its products' drawn pictures. */
  cor: string;
}

/** Fields as the admin forms send them: money as typed ('5,00'), the schemas parse it. */
type DemoForm = Record<string, string>;

export interface DemoData {
  /** produtos.csv, as bytes: it goes through the importer like an uploaded file. */
  produtosCsv: Uint8Array;
  categorias: DemoCategory[];
  /** What each product's picture shows, by product code (brand and size come from the row). */
  ilustracoes: Record<string, Pick<ArtSpec, "tipo" | "cor" | "pet">>;
  cupons: DemoForm[];
  bairros: DemoForm[];
  /** SKUs of the products kept out of the store (the import makes every product active). */
  inativos: string[];
  /** Grooming services and unit agendas, as their admin forms take them. */
  banhoTosa: { servicos: DemoForm[]; agendas: (DemoForm & { unidade: string })[] };
}

const MARKER = "produtos.csv";

/** The demo folder: next to this file in the sources, or in the source tree above the bundle. */
function demoDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of ["demo", "app/startup/demo"]) {
      const folder = path.join(dir, candidate);
      if (fs.existsSync(path.join(folder, MARKER))) return folder;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("dados de demonstração (app/startup/demo) não encontrados");
    dir = parent;
  }
}

export function readDemoData(dir = demoDir()): DemoData {
  const json = <T>(name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as T;
  return {
    produtosCsv: fs.readFileSync(path.join(dir, MARKER)),
    categorias: json("categorias.json"),
    ilustracoes: json("ilustracoes.json"),
    cupons: json("cupons.json"),
    bairros: json("bairros.json"),
    inativos: json("inativos.json"),
    banhoTosa: json("banho-tosa.json"),
  };
}

/**
 * The demo catalogue's rows, read by the importer's own parser (in this process: the worker
 * thread guards against hostile uploads, not this file). A row it refuses stops the seed.
 */
export async function demoRows(demo: DemoData): Promise<Extract<MappedRow, { ok: true }>[]> {
  const { parseImportBytes } = await import("~/modules/catalog/index.server");
  const parsed = await parseImportBytes(demo.produtosCsv, "produtos.csv");
  if (!parsed.ok) throw new Error(`demo/produtos.csv ilegível: ${parsed.message}`);
  return parsed.rows.map((row) => {
    if (!row.ok) throw new Error(`demo/produtos.csv, linha ${row.line}: ${row.error}`);
    return row;
  });
}

/** The demo catalogue's products (the first row of each), in the file's order. */
export async function demoProducts(demo: DemoData = readDemoData()): Promise<ImportProduct[]> {
  return firstRowOfEachProduct((await demoRows(demo)).map((row) => row.product));
}

/** A product's code: its `sku_produto`, else its only variant's SKU. */
export const productCode = (p: ImportProduct) => p.skuProduto ?? p.sku;

export function firstRowOfEachProduct(rows: ImportProduct[]): ImportProduct[] {
  const seen = new Set<string | null>();
  return rows.filter((p) => {
    const code = productCode(p);
    if (seen.has(code)) return false;
    seen.add(code);
    return true;
  });
}

/**
 * A product's or a variant's drawn picture (app/startup/demo-art.ts): what
 * demo/ilustracoes.json says it shows, its brand, and its size (the variant's option, else the
 * size in its name), on its category's colour. Rendered by sharp at the largest stored width.
 */
export async function drawPicture(demo: DemoData, product: ImportProduct): Promise<Buffer> {
  const code = productCode(product) ?? "";
  const spec = demo.ilustracoes[code];
  if (!spec) throw new Error(`demo/ilustracoes.json: falta o desenho de ${code}`);
  const background = demo.categorias.find((c) => c.nome === product.categoria)?.cor ?? "#16a34a";
  const svg = productArt(
    {
      ...spec,
      marca: product.marca,
      tamanho: product.opcoes[0]?.valor ?? sizeInName(product.nome),
    },
    background,
    PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1],
  );
  return sharp(Buffer.from(svg)).png().toBuffer();
}
