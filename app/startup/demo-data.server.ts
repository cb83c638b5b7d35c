// The demo shop an empty database starts with, read from the data files in ./demo (see its
// README): the catalogue in the product import format, coupons and neighbourhoods as the
// admin forms take them. Found from the sources and from the server bundle (build/server).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ArtSpec } from "~/startup/demo-art";

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
