// "Entrada de mercadoria" (issue 44 point 2, decision 0084), through the admin route with real
// multipart uploads, the worker thread that reads them and the database (PGlite, and
// PostgreSQL with DATABASE_URL): a supplier's NF-e with an item matched by GTIN, one by the
// supplier's code remembered (a box of 12) and one unknown item mapped by the staff (remembered
// for the next note); the units at the recipient unit through the ledger (entrada_nf with the
// access key), the last and the weighted average cost; the same key twice and two
// confirmations racing (applied once); another recipient, another unit's note, a hostile XML
// and a zip bomb, each refused with its reason and nothing changed. And "Entrada (+N)".
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import {
  configureFiscalReader,
  confirmEntry,
  previewEntry,
  READER_TOO_HEAVY,
} from "~/modules/fiscal/index.server";
import { codigosFornecedor, documentosFiscais } from "~/modules/fiscal/testing.server";
import { runSql } from "~/platform/db/client.server";
import { action as stockAction } from "~/routes/admin/estoque";
import { action as entryAction, loader as entryLoader } from "~/routes/admin/estoque-entrada";
import { formRequest, makeRequest } from "../setup/requests";
import { fiscalFile, uploadFiscalFiles, withFiscalShop } from "../support/fiscal-shop";
import { CENTRO, GTIN_RACAO, MEIA_PRAIA, notaXml } from "../support/nota-fiscal";
import { call } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";
import { bombEntry, deflatedEntry, zipEntries } from "../support/zip";

// 10 bags in hand at R$ 100,00 on average before the note.
const { ctx, product, shop } = withFiscalShop({ custo: 10000, custoMedio: 10000 });

const FORNECEDOR = { cnpj: "03847655000198", nome: "Distribuidora Pet Sul Ltda" };

let sache: string;
let areia: string;

beforeEach(async () => {
  const db = ctx.database.db;
  sache = (
    await product({ nome: "Sachê Whiskas Carne 85 g", preco: 350, estoque: 0, sku: "WHK85" })
  ).id;
  areia = (await product({ nome: "Areia Pipicat 4 kg", preco: 2590, estoque: 4, sku: "PIPI4" })).id;
  // The supplier's code 778 is a box of 12 sachês (an earlier entry).
  await db.insert(codigosFornecedor).values({
    emitenteCnpj: FORNECEDOR.cnpj,
    codigo: "778",
    varianteId: sache,
    fator: 12,
  });
});

function nota(
  numero: number,
  destinatario = MEIA_PRAIA,
  extra: Partial<Parameters<typeof notaXml>[0]> = {},
) {
  return notaXml({
    numero,
    emitente: FORNECEDOR,
    destinatario,
    itens: [
      // 20 bags at R$ 130,00 (GTIN as GTIN-14 of the box: leading zero).
      {
        codigo: "101",
        descricao: "RACAO GOLDEN AD 15KG",
        gtin: `0${GTIN_RACAO}`,
        quantidade: 20,
        valorUnitario: 13000,
      },
      // 2 boxes of 12 at R$ 36,00 (R$ 3,00 a sachê).
      {
        codigo: "778",
        descricao: "WHISKAS SACHE CARNE CX12",
        unidade: "CX",
        quantidade: 2,
        valorUnitario: 3600,
      },
      // Unknown to the shop: 3 packs of 6 bags at R$ 120,00 (R$ 20,00 a bag).
      {
        codigo: "905",
        descricao: "AREIA PIPICAT 4KG FD6",
        unidade: "FD",
        quantidade: 3,
        valorUnitario: 12000,
      },
    ],
    ...extra,
  });
}

function upload(files: File[], who: StaffSession = shop.dono) {
  return uploadFiscalFiles(entryAction, "/admin/estoque/entrada", "preview", files, who);
}

async function confirm(
  token: string,
  chave: string,
  fields: Record<string, string> = {},
  who: StaffSession = shop.dono,
) {
  return call(
    entryAction,
    formRequest(
      "/admin/estoque/entrada",
      { intent: "confirmar", token, chave, ...fields },
      { token: who.token },
    ),
  );
}

async function stock(varianteId: string, unidadeId: string) {
  const [row] = await runSql<{ em_maos: number }>(
    ctx.database.db,
    "select em_maos from estoque where variante_id = $1 and unidade_id = $2",
    [varianteId, unidadeId],
  );
  return row?.em_maos ?? 0;
}

/** Everything an entry may write: documents, codes, stock, ledger, costs. */
async function snapshot() {
  const rows = (text: string) => runSql(ctx.database.db, text, []);
  return JSON.stringify({
    documentos: await rows("select * from documentos_fiscais order by chave_acesso"),
    codigos: await rows("select * from codigos_fornecedor order by emitente_cnpj, codigo"),
    estoque: await rows("select variante_id, unidade_id, em_maos from estoque order by 1, 2"),
    movimentos: await rows("select count(*)::int as n from movimentos_estoque"),
    custos: await rows("select id, custo, custo_medio from variantes order by id"),
  });
}

describe("a supplier's NF-e", () => {
  it("previews matched, code-matched and unmatched items; confirming adds the units, remembers the mapping and updates the costs", async () => {
    const page = await call(
      entryLoader,
      makeRequest("/admin/estoque/entrada", { token: shop.dono.token }),
    );
    expect(page.status).toBe(200);
    const { xml, chave } = nota(4512);
    const before = await snapshot();
    const previewed = await upload([fiscalFile("NFe4512.xml", xml)]);
    expect(previewed.status).toBe(200);
    const preview = previewed.data.preview;
    expect(preview.recusados).toEqual([]);
    expect(preview.notas).toHaveLength(1);
    const note = preview.notas[0];
    expect(note).toMatchObject({
      chave,
      numero: 4512,
      unidade: { id: shop.loja },
      emitente: { cnpj: FORNECEDOR.cnpj },
      semCasar: 1,
    });
    expect(
      note.itens.map((i: { casado: boolean; via?: string; fator?: number; unidades?: number }) => [
        i.casado,
        i.via,
        i.fator,
        i.unidades,
      ]),
    ).toEqual([
      [true, "gtin", 1, 20],
      [true, "codigo", 12, 24],
      [false, undefined, undefined, undefined],
    ]);
    // A preview writes nothing.
    expect(await snapshot()).toBe(before);

    // A name no variant has: refused next to the item, nothing written.
    const refused = await confirm(preview.token, chave, {
      item_3: "inexistente xyz",
      fator_3: "6",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.itemErrors["3"]).toMatch(/Nenhuma variação encontrada/);
    expect(refused.data.preview.notas).toHaveLength(1);
    expect(await snapshot()).toBe(before);

    // Words that fit two variants (the demo catalogue has another Pipicat): the staff pick.
    const ambiguous = await confirm(preview.token, chave, { item_3: "pipicat", fator_3: "6" });
    expect(ambiguous.data.itemErrors["3"]).toBe(
      "Mais de uma variação encontrada: Areia Pipicat 4 kg (SKU PIPI4); Areia Sanitária Pipicat Floral 4 kg (SKU HIG-PIPI-4). Digite o SKU ou o EAN.",
    );
    expect(ambiguous.data.escolhas["3"]).toEqual({ texto: "pipicat", fator: "6", ignorar: false });
    expect(await snapshot()).toBe(before);
    const done = await confirm(preview.token, chave, { item_3: "pipi4", fator_3: "6" });
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    expect(done.data.message).toBe("NF-e 4512 de Distribuidora Pet Sul Ltda recebida");
    expect(await stock(shop.racao, shop.loja)).toBe(30);
    expect(await stock(sache, shop.loja)).toBe(24);
    expect(await stock(areia, shop.loja)).toBe(4 + 18);
    expect(await stock(shop.racao, shop.centro)).toBe(0);

    const moves = await runSql<{
      tipo: string;
      motivo: string;
      chave_acesso: string;
      usuario_email: string;
      delta_em_maos: number;
    }>(
      ctx.database.db,
      "select tipo, motivo, chave_acesso, usuario_email, delta_em_maos from movimentos_estoque where tipo = 'entrada_nf' order by delta_em_maos",
      [],
    );
    expect(moves).toHaveLength(3);
    for (const m of moves) {
      expect(m).toMatchObject({
        motivo: "Entrada NF 4512 — Distribuidora Pet Sul Ltda",
        chave_acesso: chave,
        usuario_email: shop.dono.user.email,
      });
    }
    const costs = new Map((await ctx.database.db.select().from(variantes)).map((v) => [v.id, v]));
    // Last cost per unit; the average weighs the 10 bags in hand at R$ 100,00.
    expect(costs.get(shop.racao)).toMatchObject({ custo: 13000, custoMedio: 12000 });
    expect(costs.get(sache)).toMatchObject({ custo: 300, custoMedio: 300 });
    // 4 bags in hand with no known average count at the new cost.
    expect(costs.get(areia)).toMatchObject({ custo: 2000, custoMedio: 2000 });

    const [doc] = await ctx.database.db.select().from(documentosFiscais);
    expect(doc).toMatchObject({
      chaveAcesso: chave,
      modelo: "55",
      tipo: "entrada",
      unidadeId: shop.loja,
      numero: 4512,
      aplicadaPor: shop.dono.user.email,
      emitenteCnpj: FORNECEDOR.cnpj,
    });
    const [remembered] = await ctx.database.db
      .select()
      .from(codigosFornecedor)
      .where(eq(codigosFornecedor.codigo, "905"));
    expect(remembered).toMatchObject({ varianteId: areia, fator: 6 });

    // The next note of this supplier knows the item by its code.
    const next = nota(4513);
    const again = await upload([fiscalFile("NFe4513.xml", next.xml)]);
    expect(again.data.preview.notas[0].semCasar).toBe(0);
    expect(again.data.preview.notas[0].itens[2]).toMatchObject({
      via: "codigo",
      fator: 6,
      unidades: 18,
    });
  });

  it("never applies the same key twice: the second upload says when and by whom, two confirmations racing apply it once", async () => {
    const { xml, chave } = nota(4600);
    const first = await upload([fiscalFile("a.xml", xml)]);
    const second = await upload([fiscalFile("b.xml", xml)]);
    const fields = { item_3: "PIPI4", fator_3: "6" };
    const answers = await Promise.all([
      confirm(first.data.preview.token, chave, fields),
      confirm(second.data.preview.token, chave, fields),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.data.message).toMatch(
      /^A NF-e 4600 já entrou no estoque em \d\d\/\d\d\/\d{4} \d\d:\d\d, por Dona Rita/,
    );
    expect(await stock(shop.racao, shop.loja)).toBe(30);
    expect(await stock(sache, shop.loja)).toBe(24);
    expect(await ctx.database.db.select().from(documentosFiscais)).toHaveLength(1);

    // Uploaded again later: refused in the preview with when and by whom.
    const later = await upload([fiscalFile("c.xml", xml), fiscalFile("d.xml", xml)]);
    expect(later.data.preview.notas).toEqual([]);
    expect(later.data.preview.recusados).toEqual([
      {
        arquivo: "d.xml",
        motivo: "A NF-e 4600 aparece mais de uma vez neste envio; lida uma vez.",
      },
      {
        arquivo: "c.xml",
        motivo: expect.stringMatching(/^A NF-e 4600 já entrou no estoque em .* por Dona Rita/),
      },
    ]);
  });

  it("two confirmations racing in the module itself insert the key once", async () => {
    const { xml, chave } = nota(4700);
    const actor = shop.dono.actor("/admin/estoque/entrada");
    const previews = await Promise.all(
      [0, 1, 2].map(() =>
        previewEntry([{ name: "n.xml", bytes: new TextEncoder().encode(xml) }], actor),
      ),
    );
    const escolhas = new Map([[3, { texto: "PIPI4", fator: "6", ignorar: false }]]);
    const outcomes = await Promise.allSettled(
      previews.map((p) => confirmEntry({ token: p.token, chave, escolhas }, actor)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await stock(areia, shop.loja)).toBe(4 + 18);
    const [{ n }] = await runSql<{ n: number }>(
      ctx.database.db,
      "select count(*)::int as n from movimentos_estoque where chave_acesso = $1",
      [chave],
    );
    expect(n).toBe(3);
  });

  it("goes to the unit it is addressed to; another company's, another unit's for a manager, hostile files and a zip bomb are refused and change nothing", async () => {
    const before = await snapshot();
    const outra = nota(10, { cnpj: "11222333000181", nome: "Casa de Ração Vizinha Ltda" });
    const paraCentro = nota(11, CENTRO);
    const hostile = `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><nfeProc>&b;</nfeProc>`;
    const bomb = zipEntries([deflatedEntry("a.xml", nota(12).xml), bombEntry("b.xml", 600)]);
    const gerenteMeiaPraia = await staffSession({ papel: "gerente", unidades: [shop.loja] });
    const answer = await upload(
      [
        fiscalFile("outra.xml", outra.xml),
        fiscalFile("centro.xml", paraCentro.xml),
        fiscalFile("hostil.xml", hostile),
        fiscalFile("nao-autorizada.xml", nota(13, MEIA_PRAIA, { status: 301 }).xml),
        fiscalFile("danfe.pdf", "%PDF-1.7"),
      ],
      gerenteMeiaPraia,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.preview.notas).toEqual([]);
    const reasons = answer.data.preview.recusados.map(
      (r: { arquivo: string; motivo: string }) => `${r.arquivo}: ${r.motivo}`,
    );
    expect(reasons).toEqual([
      "outra.xml: A NF-e 10 é destinada a Casa de Ração Vizinha Ltda (CNPJ 11.222.333/0001-81), não a uma das unidades da loja.",
      expect.stringMatching(/^centro\.xml: A NF-e 11 é da .+, que não é uma das suas unidades\.$/),
      expect.stringMatching(/^hostil\.xml: O arquivo declara DOCTYPE ou entidades/),
      expect.stringMatching(
        /^nao-autorizada\.xml: A nota 13 não está autorizada pela SEFAZ \(situação 301/,
      ),
      "danfe.pdf: Envie arquivos .xml de NF-e ou NFC-e, ou um .zip com eles.",
    ]);
    const bombed = await upload([fiscalFile("notas.zip", bomb)]);
    expect(bombed.data.preview.recusados).toEqual([
      { arquivo: "notas.zip", motivo: expect.stringMatching(/^O ZIP é grande demais/) },
    ]);
    expect(await snapshot()).toBe(before);

    // The Centro's note, confirmed by someone of the Meia Praia with a forged form: refused.
    const owner = await upload([fiscalFile("centro.xml", paraCentro.xml)]);
    const forged = await confirm(owner.data.preview.token, paraCentro.chave, {}, gerenteMeiaPraia);
    expect(forged.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

describe("the reader off the request thread", () => {
  it("a file that exhausts the reader's time is refused in Portuguese and nothing is read or written", async () => {
    const before = await snapshot();
    await configureFiscalReader({ timeoutMs: 1 });
    try {
      const answer = await upload([fiscalFile("NFe.xml", nota(20).xml)]);
      expect(answer.status).toBe(400);
      expect(answer.data.message).toBe(READER_TOO_HEAVY);
    } finally {
      await configureFiscalReader();
    }
    expect(await snapshot()).toBe(before);
    // The next upload reads as usual.
    const again = await upload([fiscalFile("NFe.xml", nota(20).xml)]);
    expect(again.data.preview.notas).toHaveLength(1);
  });
});

describe("Entrada (+N) without an invoice", () => {
  it("adds to what is in hand with its reason (required), as an entrada_avulsa", async () => {
    const send = (fields: Record<string, string>) =>
      call(
        stockAction,
        formRequest(
          "/admin/estoque",
          { intent: "stock-enter", varianteId: shop.racao, unidadeId: shop.loja, ...fields },
          { token: shop.dono.token },
        ),
      );
    const missing = await send({ quantidade: "5", motivo: "" });
    expect(missing.status).toBe(400);
    expect(missing.data.errors.motivo).toMatch(/Informe o motivo/);
    expect(await stock(shop.racao, shop.loja)).toBe(10);
    const done = await send({ quantidade: "5", motivo: "Bonificação do fornecedor" });
    expect(done.data).toMatchObject({ ok: true, message: "Entrada registrada" });
    expect(await stock(shop.racao, shop.loja)).toBe(15);
    const [move] = await runSql<{ tipo: string; motivo: string; delta_em_maos: number }>(
      ctx.database.db,
      "select tipo, motivo, delta_em_maos from movimentos_estoque where tipo = 'entrada_avulsa'",
      [],
    );
    expect(move).toEqual({
      tipo: "entrada_avulsa",
      motivo: "Bonificação do fornecedor",
      delta_em_maos: 5,
    });
  });
});
