// The store search's relevance set (issue 39, point 11): what customers type, against the
// seeded demo shop, and what must come first (or that nothing is found, with no suggestion
// that finds nothing either). Runs on PGlite and, with DATABASE_URL, on PostgreSQL. The
// table of results is printed for the decision's record (0054).
import { beforeAll, describe, expect, it } from "vitest";
import { listStoreProducts } from "~/modules/catalog/index.server";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";

const ctx = withTestDatabase();

const GOLDEN = "Ração Golden Special Cães Adultos Frango e Carne 15 kg";
const PREMIER = "Ração Premier Gatos Castrados Salmão 1,5 kg";
const PEDIGREE = "Ração Pedigree Filhotes Carne e Leite 3 kg";
const BRAVECTO = "Antipulgas Bravecto Cães de 10 a 20 kg";
const DRONTAL = "Vermífugo Drontal Plus Cães 10 kg com 2 comprimidos";
const SHAMPOO = "Shampoo Neutro Sanol Dog 500 ml";
const PIPICAT = "Areia Sanitária Pipicat Floral 4 kg";
const BIFINHO = "Bifinho Keldog Sabor Carne 65 g";
const DREAMIES = "Petisco Dreamies Gatos Queijo 40 g";
const OSSO = "Osso Nó Natural Bovino com 2 unidades";
const KONG = "Bola Maciça de Borracha Kong Classic M";
const CAMA = "Cama Nuvem de Pelúcia Tamanho G";
const PEITORAL_M = "Peitoral Ajustável Acolchoado M";
const TAPETE = "Tapete Higiênico Super Secão 30 unidades";
const TETRA = "Ração Tetra Color Flakes 20 g";
const GAIOLA = "Gaiola para Calopsita Pintada nº 3";
const SAL = "Sal Mineral para Bovinos 25 kg";
const GALINHAS = "Ração para Galinhas Poedeiras 20 kg";

/** A query and what comes first; null: nothing is found (and no suggestion that finds nothing). */
const RELEVANCE: [string, string | null][] = [
  ["coleira", null],
  ["shampoo cachorro", SHAMPOO],
  ["shampoo cão", SHAMPOO],
  ["xampu dog", SHAMPOO],
  ["areia gato", PIPICAT],
  ["areia gatos", PIPICAT],
  ["areia felino", PIPICAT],
  ["areia 4kg", PIPICAT],
  ["racao golden", GOLDEN],
  ["ração gato", PREMIER],
  ["racao filhote", PEDIGREE],
  ["ração cachorro filhote", PEDIGREE],
  ["racao peixe", TETRA],
  ["racoes gatos", PREMIER],
  ["bravekto", BRAVECTO],
  ["antipulga", BRAVECTO],
  ["pulgas cachorro", BRAVECTO],
  ["vermifugo", DRONTAL],
  ["vermes cães", DRONTAL],
  ["drontall", DRONTAL],
  ["petisco gato", DREAMIES],
  ["petisco cachorro", BIFINHO],
  ["bifinho", BIFINHO],
  ["osso cachorro", OSSO],
  ["ossos", OSSO],
  ["kong", KONG],
  ["brinquedo kong", null],
  ["cama gato", CAMA],
  ["cama cachorro", CAMA],
  ["peitoral m", PEITORAL_M],
  ["tapete cachorro", TAPETE],
  ["gaiola passaro", GAIOLA],
  ["calopsita", GAIOLA],
  ["galinha", GALINHAS],
  ["sal gado", SAL],
  ["gldn", GOLDEN],
  ["racao gldn", GOLDEN],
  ["15kg", GOLDEN],
  ["RAC-GOLD-AD15", GOLDEN],
  ["seresto", null],
  ["drontal gato", null],
  ["qwrtzpl", null],
];

/** What the "Para" filter (especie) must hold, by species: the products sold for it. */
const FOR_DOGS = [PEDIGREE, BIFINHO, KONG, OSSO, PEITORAL_M, CAMA, SHAMPOO, TAPETE, GOLDEN];
const FOR_CATS = [PIPICAT, CAMA, PREMIER, DREAMIES];

beforeAll(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
});

describe("store search relevance (demo shop)", () => {
  it(`puts the expected product first for ${RELEVANCE.length} queries`, async () => {
    const rows: string[] = [];
    const misses: string[] = [];
    for (const [q, expected] of RELEVANCE) {
      const list = await listStoreProducts({ q });
      const first = list.produtos[0]?.nome ?? null;
      const ok = first === expected && (expected !== null || list.sugestao === null);
      rows.push(
        `${ok ? "ok " : "NÃO"} | ${q} | ${first ?? "(nada)"} | ${list.total}${list.sugestao ? ` | você quis dizer: ${list.sugestao}` : ""}`,
      );
      if (!ok)
        misses.push(`${q}: ${first ?? "(nada)"}${list.sugestao ? ` (${list.sugestao})` : ""}`);
    }
    console.log(`Conjunto de relevância:\n${rows.join("\n")}`);
    expect(misses).toEqual([]);
  });

  it("never offers a suggestion that finds nothing", async () => {
    for (const q of [
      "areia gato",
      "drontall gatoz",
      "coleira",
      "seresto",
      "racao gatoz",
      "pipicatt",
    ]) {
      const list = await listStoreProducts({ q });
      if (!list.sugestao) continue;
      const suggested = await listStoreProducts({ q: list.sugestao });
      expect(suggested.total, `${q} -> ${list.sugestao}`).toBeGreaterThan(0);
    }
  });

  it("'Para: Cães' and 'Para: Gatos' hold the demo's products for them", async () => {
    const dogs = await listStoreProducts({ especie: "caes", porPagina: 100 });
    const cats = await listStoreProducts({ especie: "gatos", porPagina: 100 });
    const names = (l: typeof dogs) => l.produtos.map((p) => p.nome);
    for (const name of FOR_DOGS) expect(names(dogs), name).toContain(name);
    for (const name of FOR_CATS) expect(names(cats), name).toContain(name);
    expect(names(dogs)).not.toContain(PREMIER);
    expect(names(cats)).not.toContain(BIFINHO);
  });
});
