// The demo catalogue an empty database starts with: categories, products with generated
// images, delivery neighbourhoods and coupons, in one transaction, and only when there are
// no categories yet. Seeding again changes nothing, and a neighbourhood or coupon the shop
// removed later never comes back.

import { sql } from "drizzle-orm";
import sharp from "sharp";
import { db, transaction } from "~/infra/db/client.server";
import { productSearchText } from "~/modules/catalog";
import { categorias, produtos, saveProductImage } from "~/modules/catalog/index.server";
import { bairrosEntrega } from "~/modules/delivery/index.server";
import { cupons } from "~/modules/promotions/index.server";
import { getSettings } from "~/modules/shop/index.server";

interface SeedCategory {
  nome: string;
  descricao: string;
  color: [string, string];
  motif: "paw" | "bone" | "ball" | "fish" | "bird" | "drop" | "cross" | "leaf" | "heart";
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    nome: "Rações",
    descricao: "Rações secas e úmidas para cães, gatos, aves e peixes",
    color: ["#f59e0b", "#b45309"],
    motif: "paw",
  },
  {
    nome: "Petiscos",
    descricao: "Bifinhos, ossinhos e petiscos naturais",
    color: ["#ef4444", "#991b1b"],
    motif: "bone",
  },
  {
    nome: "Brinquedos",
    descricao: "Brinquedos para gastar energia e estimular a mente",
    color: ["#3b82f6", "#1e3a8a"],
    motif: "ball",
  },
  {
    nome: "Higiene",
    descricao: "Shampoos, tapetes higiênicos e areias sanitárias",
    color: ["#06b6d4", "#155e75"],
    motif: "drop",
  },
  {
    nome: "Acessórios",
    descricao: "Camas, coleiras, comedouros e bebedouros",
    color: ["#a855f7", "#581c87"],
    motif: "heart",
  },
  {
    nome: "Aquarismo",
    descricao: "Rações, filtros e condicionadores para aquários",
    color: ["#0ea5e9", "#0c4a6e"],
    motif: "fish",
  },
  {
    nome: "Aves",
    descricao: "Misturas de sementes, gaiolas e acessórios para aves",
    color: ["#84cc16", "#3f6212"],
    motif: "bird",
  },
  {
    nome: "Medicamentos Veterinários",
    descricao: "Vermífugos, antipulgas e cuidados veterinários",
    color: ["#f43f5e", "#881337"],
    motif: "cross",
  },
  {
    nome: "Agropecuária",
    descricao: "Ferramentas, sal mineral e insumos para o campo",
    color: ["#16a34a", "#14532d"],
    motif: "leaf",
  },
];

interface SeedProduct {
  categoria: string;
  nome: string;
  descricao: string;
  sku: string;
  preco: number;
  antes?: number;
  estoque: number;
  ativo?: boolean;
  marca?: string;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    categoria: "Rações",
    nome: "Ração Golden Special Cães Adultos Frango e Carne 15 kg",
    descricao: "Alimento completo premium especial, sem corantes artificiais.",
    sku: "RAC-GOLD-AD15",
    preco: 18990,
    antes: 21990,
    estoque: 12,
    marca: "Golden",
  },
  {
    categoria: "Rações",
    nome: "Ração Premier Gatos Castrados Salmão 1,5 kg",
    descricao: "Controle de peso e saúde urinária para gatos castrados.",
    sku: "RAC-PREM-GC15",
    preco: 6490,
    estoque: 20,
    marca: "Premier",
  },
  {
    categoria: "Rações",
    nome: "Ração Pedigree Filhotes Carne e Leite 3 kg",
    descricao: "Crescimento saudável com cálcio e DHA.",
    sku: "RAC-PEDI-FI3",
    preco: 5490,
    antes: 5990,
    estoque: 3,
    marca: "Pedigree",
  },
  {
    categoria: "Petiscos",
    nome: "Bifinho Keldog Sabor Carne 65 g",
    descricao: "Petisco macio para recompensar no adestramento.",
    sku: "PET-KELD-65",
    preco: 790,
    estoque: 40,
    marca: "Keldog",
  },
  {
    categoria: "Petiscos",
    nome: "Petisco Dreamies Gatos Queijo 40 g",
    descricao: "Crocante por fora, recheado por dentro.",
    sku: "PET-DREA-40",
    preco: 849,
    estoque: 25,
    marca: "Dreamies",
  },
  {
    categoria: "Petiscos",
    nome: "Osso Nó Natural Bovino com 2 unidades",
    descricao: "Osso natural desidratado que ajuda na limpeza dos dentes.",
    sku: "PET-OSSO-NO2",
    preco: 1990,
    antes: 2490,
    estoque: 4,
  },
  {
    categoria: "Brinquedos",
    nome: "Bola Maciça de Borracha Kong Classic M",
    descricao: "Resistente, quica imprevisível e aceita recheio de petisco.",
    sku: "BRQ-KONG-M",
    preco: 6990,
    estoque: 8,
    marca: "Kong",
  },
  {
    categoria: "Brinquedos",
    nome: "Varinha com Penas e Guizo para Gatos",
    descricao: "Estimula o instinto de caça e a brincadeira em dupla.",
    sku: "BRQ-VARI-PENA",
    preco: 1490,
    estoque: 15,
  },
  {
    categoria: "Brinquedos",
    nome: "Corda Mordedor de Algodão 3 Nós",
    descricao: "Para cabo de guerra e mastigação saudável.",
    sku: "BRQ-CORD-3N",
    preco: 1890,
    estoque: 0,
  },
  {
    categoria: "Higiene",
    nome: "Shampoo Neutro Sanol Dog 500 ml",
    descricao: "Limpeza suave para todos os tipos de pelagem.",
    sku: "HIG-SANO-500",
    preco: 1690,
    estoque: 30,
    marca: "Sanol",
  },
  {
    categoria: "Higiene",
    nome: "Tapete Higiênico Super Secão 30 unidades",
    descricao: "Alta absorção com atrativo canino.",
    sku: "HIG-TAPE-30",
    preco: 7990,
    antes: 8990,
    estoque: 10,
  },
  {
    categoria: "Higiene",
    nome: "Areia Sanitária Pipicat Floral 4 kg",
    descricao: "Grãos que formam torrões firmes e controlam odores.",
    sku: "HIG-PIPI-4",
    preco: 1890,
    estoque: 2,
    marca: "Pipicat",
  },
  {
    categoria: "Acessórios",
    nome: "Cama Nuvem de Pelúcia Tamanho G",
    descricao: "Macia, lavável e com bordas altas para apoiar a cabeça.",
    sku: "ACE-CAMA-NUVG",
    preco: 12990,
    antes: 15990,
    estoque: 5,
  },
  {
    categoria: "Acessórios",
    nome: "Peitoral Ajustável Acolchoado M",
    descricao: "Conforto no passeio, com fecho de segurança.",
    sku: "ACE-PEIT-M",
    preco: 3990,
    estoque: 12,
  },
  {
    categoria: "Acessórios",
    nome: "Comedouro Inox Antiderrapante 500 ml",
    descricao: "Aço inox com base de borracha que não escorrega.",
    sku: "ACE-COME-500",
    preco: 2290,
    estoque: 18,
  },
  {
    categoria: "Aquarismo",
    nome: "Ração Tetra Color Flakes 20 g",
    descricao: "Flocos que realçam as cores dos peixes ornamentais.",
    sku: "AQU-TETR-20",
    preco: 2190,
    estoque: 14,
    marca: "Tetra",
  },
  {
    categoria: "Aquarismo",
    nome: "Filtro Externo Hang-On Sarlo Better Mini 100 L/h",
    descricao: "Filtragem silenciosa para aquários de até 40 litros.",
    sku: "AQU-SARL-100",
    preco: 6490,
    estoque: 6,
    marca: "Sarlo Better",
  },
  {
    categoria: "Aquarismo",
    nome: "Condicionador de Água Labcon Aquafix 100 ml",
    descricao: "Neutraliza cloro e metais pesados da água da torneira.",
    sku: "AQU-LABC-100",
    preco: 1790,
    estoque: 9,
    marca: "Labcon",
  },
  {
    categoria: "Aves",
    nome: "Mistura de Sementes Alcon Club Calopsita 500 g",
    descricao: "Sementes selecionadas com frutas desidratadas.",
    sku: "AVE-ALCO-CAL",
    preco: 2490,
    estoque: 16,
    marca: "Alcon",
  },
  {
    categoria: "Aves",
    nome: "Gaiola para Calopsita Pintada nº 3",
    descricao: "Com poleiros, comedouros e bandeja removível.",
    sku: "AVE-GAIO-N3",
    preco: 14990,
    estoque: 3,
  },
  {
    categoria: "Medicamentos Veterinários",
    nome: "Vermífugo Drontal Plus Cães 10 kg com 2 comprimidos",
    descricao: "Amplo espectro contra vermes redondos e chatos.",
    sku: "MED-DRON-10",
    preco: 3990,
    estoque: 10,
    marca: "Elanco",
  },
  {
    categoria: "Medicamentos Veterinários",
    nome: "Antipulgas Bravecto Cães de 10 a 20 kg",
    descricao: "Proteção contra pulgas e carrapatos por 12 semanas.",
    sku: "MED-BRAV-1020",
    preco: 22990,
    antes: 24990,
    estoque: 7,
    marca: "MSD",
  },
  {
    categoria: "Medicamentos Veterinários",
    nome: "Coleira Antipulgas Seresto Cães até 8 kg",
    descricao: "Proteção contínua por até 8 meses.",
    sku: "MED-SERE-8",
    preco: 21990,
    estoque: 6,
    ativo: false,
    marca: "Elanco",
  },
  {
    categoria: "Agropecuária",
    nome: "Enxada Larga Tramontina 2,5 lb com Cabo",
    descricao: "Aço temperado, cabo de madeira de 1,45 m.",
    sku: "AGR-ENXA-25",
    preco: 6990,
    estoque: 6,
    marca: "Tramontina",
  },
  {
    categoria: "Agropecuária",
    nome: "Sal Mineral para Bovinos 25 kg",
    descricao: "Suplemento mineral pronto para uso no cocho.",
    sku: "AGR-SALM-25",
    preco: 11990,
    estoque: 8,
  },
  {
    categoria: "Agropecuária",
    nome: "Ração para Galinhas Poedeiras 20 kg",
    descricao: "Nutrição balanceada para aves caipiras em postura.",
    sku: "AGR-POED-20",
    preco: 8990,
    antes: 9490,
    estoque: 10,
  },
  {
    categoria: "Agropecuária",
    nome: "Mangueira de Jardim Flexível 20 m",
    descricao: "Com esguicho regulável e conectores inclusos.",
    sku: "AGR-MANG-20",
    preco: 7990,
    estoque: 4,
  },
];

const SEED_BAIRROS: { nome: string; taxa: number }[] = [
  { nome: "Meia Praia", taxa: 500 },
  { nome: "Centro", taxa: 700 },
  { nome: "Morretes", taxa: 800 },
  { nome: "Canto da Praia", taxa: 800 },
  { nome: "Tabuleiro", taxa: 1000 },
  { nome: "Várzea", taxa: 1000 },
  { nome: "Ilhota", taxa: 1200 },
  { nome: "Sertãozinho", taxa: 1500 },
];

const SEED_CUPONS = [
  { codigo: "BEMVINDO10", tipo: "percentual" as const, valor: 1000 },
  { codigo: "FRETE5", tipo: "valor" as const, valor: 500, pedidoMinimo: 3000 },
];

const MOTIFS: Record<SeedCategory["motif"], string> = {
  paw: '<ellipse cx="200" cy="235" rx="62" ry="52"/><circle cx="122" cy="165" r="26"/><circle cx="278" cy="165" r="26"/><circle cx="165" cy="115" r="26"/><circle cx="235" cy="115" r="26"/>',
  bone: '<rect x="120" y="180" width="160" height="40" rx="20"/><circle cx="118" cy="178" r="30"/><circle cx="118" cy="222" r="30"/><circle cx="282" cy="178" r="30"/><circle cx="282" cy="222" r="30"/>',
  ball: '<circle cx="200" cy="200" r="95"/><path d="M110 170 Q200 230 290 170" stroke="rgba(0,0,0,.25)" stroke-width="12" fill="none"/>',
  fish: '<ellipse cx="185" cy="200" rx="95" ry="58"/><path d="M270 200 L330 150 L330 250 Z"/><circle cx="145" cy="185" r="10" fill="rgba(0,0,0,.35)"/>',
  bird: '<ellipse cx="200" cy="220" rx="80" ry="65"/><circle cx="250" cy="150" r="45"/><path d="M290 150 L330 162 L290 172 Z"/>',
  drop: '<path d="M200 90 C200 90 120 190 120 240 A80 80 0 0 0 280 240 C280 190 200 90 200 90 Z"/>',
  cross:
    '<rect x="165" y="100" width="70" height="200" rx="14"/><rect x="100" y="165" width="200" height="70" rx="14"/>',
  leaf: '<path d="M110 290 C110 150 210 100 300 100 C300 200 250 290 110 290 Z"/><path d="M120 280 L250 150" stroke="rgba(0,0,0,.25)" stroke-width="10"/>',
  heart: '<path d="M200 300 L110 205 A55 55 0 0 1 200 130 A55 55 0 0 1 290 205 Z"/>',
};

/** A simple drawn product picture (no downloads): the category's colours and motif. */
async function seedImage(category: SeedCategory, index: number): Promise<Buffer> {
  const [from, to] = category.color;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <circle cx="${60 + ((index * 47) % 280)}" cy="${50 + ((index * 31) % 60)}" r="24" fill="rgba(255,255,255,.18)"/>
    <circle cx="${340 - ((index * 29) % 260)}" cy="${350 - ((index * 17) % 40)}" r="34" fill="rgba(255,255,255,.14)"/>
    <g fill="rgba(255,255,255,.92)">${MOTIFS[category.motif]}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDatabase(
  options: { images?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const database = db();
  await getSettings(database);
  // Everything is seeded together, only into an empty catalogue: a neighbourhood or coupon
  // the shop removed later must not come back at the next start.
  const [{ count }] = (await database
    .select({ count: sql<number>`count(*)::int` })
    .from(categorias)) as [{ count: number }];
  if (count > 0) return { seeded: false };

  // Images are made before the transaction: file writes cannot be rolled back anyway.
  const images = new Map<string, string>();
  if (options.images !== false) {
    for (const [i, p] of SEED_PRODUCTS.entries()) {
      const category = SEED_CATEGORIES.find((c) => c.nome === p.categoria)!;
      images.set(p.sku, await saveProductImage(await seedImage(category, i)));
    }
  }

  await transaction(async (tx) => {
    await tx
      .insert(bairrosEntrega)
      .values(SEED_BAIRROS.map((b) => ({ nome: b.nome, taxaEntrega: b.taxa })))
      .onConflictDoNothing();
    await tx.insert(cupons).values(SEED_CUPONS).onConflictDoNothing();
    const rows = await tx
      .insert(categorias)
      .values(SEED_CATEGORIES.map((c) => ({ nome: c.nome, descricao: c.descricao })))
      .onConflictDoNothing()
      .returning();
    const idByName = new Map(rows.map((r) => [r.nome, r.id]));
    await tx.insert(produtos).values(
      SEED_PRODUCTS.map((p, i) => ({
        nome: p.nome,
        descricaoCurta: p.descricao,
        categoriaId: idByName.get(p.categoria)!,
        precoAtual: p.preco,
        precoAntes: p.antes ?? null,
        estoque: p.estoque,
        sku: p.sku,
        marca: p.marca ?? null,
        ativo: p.ativo ?? true,
        imagemUrl: images.get(p.sku) ?? null,
        busca: productSearchText({ nome: p.nome, descricaoCurta: p.descricao, sku: p.sku }),
        // Spread the creation times so "newest first" lists have a stable, sensible order.
        createdAt: new Date(Date.now() - (SEED_PRODUCTS.length - i) * 60_000),
      })),
    );
  });
  return { seeded: true };
}
