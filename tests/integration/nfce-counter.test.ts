// "Vendas do balcão" (issue 44 point 3, decision 0089), through the admin route with real
// multipart uploads, the worker thread that reads them, the import folder's job through the
// real job runner and the database (PGlite, and PostgreSQL with DATABASE_URL): a day of NFC-e
// with a discount, a cancellation and an item unknown to the shop (mapped later, applied then
// and matched alone afterwards); the same key twice; a cancellation read before its sale;
// another company's note, an NF-e, a non-authorised note and a hostile XML, each refused with
// its reason and nothing changed; a counter sale that takes units online orders reserved
// (recorded, the reservation kept, an alert naming the order); the folder processed once by
// two runners racing; the dashboard's "Balcão" beside "Loja online" with its margin.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { importNfceFolder, NFCE_FOLDER, NFCE_FOLDER_JOB } from "~/modules/fiscal/index.server";
import { placeOrder, setOrderStatus } from "~/modules/orders/index.server";
import { getDashboard } from "~/modules/reports/index.server";
import { db, runSql } from "~/platform/db/client.server";
import { createJobRunner } from "~/platform/jobs/runner.server";
import { storage } from "~/platform/storage.server";
import { action as counterAction, loader as counterLoader } from "~/routes/admin/estoque-balcao";
import { makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { fiscalFile, uploadFiscalFiles, withFiscalShop } from "../support/fiscal-shop";
import { declaredJob, jobRuns } from "../support/jobs";
import { CENTRO, cancelamentoXml, GTIN_RACAO, MEIA_PRAIA, notaXml } from "../support/nota-fiscal";
import { call } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";
import { deflatedEntry, zipEntries } from "../support/zip";

// What the shop paid on average: R$ 120,00 a bag (R$ 4,00 a bifinho, below).
const { ctx, product, shop } = withFiscalShop({ custo: 12500, custoMedio: 12000 });

const OUTRA = { cnpj: "03847655000198", nome: "Casa do Criador Ltda" };
const DIA = new Date("2026-11-27T13:00:00Z");

let petisco: string;

beforeEach(async () => {
  petisco = (
    await product({ nome: "Petisco Bifinho Carne 65 g", preco: 990, estoque: 20, sku: "BIF65" })
  ).id;
  await ctx.database.db
    .update(variantes)
    .set({ custo: 400, custoMedio: 400 })
    .where(eq(variantes.id, petisco));
});

/** A counter sale of Meia Praia (or another issuer), emitted on the 27th. */
function nfce(
  numero: number,
  itens: Parameters<typeof notaXml>[0]["itens"],
  extra: Partial<Parameters<typeof notaXml>[0]> = {},
) {
  return notaXml({
    modelo: "65",
    numero,
    emitente: MEIA_PRAIA,
    destinatario: null,
    emitidaEm: new Date(DIA.getTime() + numero * 60_000),
    itens,
    ...extra,
  });
}

const bags = (quantidade: number, desconto = 0) => ({
  codigo: "101",
  descricao: "RACAO GOLDEN AD 15KG",
  gtin: GTIN_RACAO,
  quantidade,
  valorUnitario: 18990,
  desconto,
});
// The counter program's own code for the bifinho: no EAN on the note.
const bifinhos = (quantidade: number) => ({
  codigo: "5501",
  descricao: "BIFINHO CARNE 65G",
  quantidade,
  valorUnitario: 990,
});

function upload(files: File[], who: StaffSession = shop.dono) {
  return uploadFiscalFiles(counterAction, "/admin/estoque/balcao", "importar", files, who);
}

async function associar(fields: Record<string, string>, who: StaffSession = shop.dono) {
  const body = new FormData();
  body.set("intent", "associar");
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return call(
    counterAction,
    makeRequest("/admin/estoque/balcao", { method: "POST", body, token: who.token }),
  );
}

async function page(who: StaffSession = shop.dono) {
  const res = await call(counterLoader, makeRequest("/admin/estoque/balcao", { token: who.token }));
  return res.data as {
    pendentes: { unidadeId: string; codigo: string; descricao: string; itens: number }[];
    emRisco: { varianteId: string; emMaos: number; reservado: number; pedidos: string[] }[];
  };
}

type Result = {
  ok: boolean;
  message?: string;
  result?: {
    vendas: number;
    devolvidas: number;
    cancelamentosGuardados: number;
    itensPendentes: number;
    recusados: { arquivo: string; motivo: string; repetido?: boolean }[];
    emRisco: { produto: string; pedidos: string[]; emMaos: number; reservado: number }[];
  };
};

async function hand(variante: string, unidade = shop.loja) {
  return factories.stockAt(ctx.database, variante, unidade);
}

/** Stock equals the ledger's sum, for every variant at every unit. */
async function expectLedgerConsistent() {
  const rows = await runSql<{ n: number }>(
    db(),
    `select count(*)::int as n from estoque e
     where e.em_maos <> coalesce((select sum(m.delta_em_maos) from movimentos_estoque m
       where m.variante_id = e.variante_id and m.unidade_id = e.unidade_id), 0)
        or e.reservado <> coalesce((select sum(m.delta_reservado) from movimentos_estoque m
       where m.variante_id = e.variante_id and m.unidade_id = e.unidade_id), 0)`,
    [],
  );
  expect(rows[0]!.n).toBe(0);
}

async function counterMovements(tipo: string) {
  return runSql<{ variante_id: string; delta_em_maos: number; chave_acesso: string }>(
    db(),
    `select variante_id, delta_em_maos, chave_acesso from movimentos_estoque
     where tipo = $1 order by created_at, variante_id`,
    [tipo],
  );
}

describe("a day of NFC-e uploaded", () => {
  it("records each sale once at its unit, returns a cancelled one, and keeps the unknown item waiting until it is mapped", async () => {
    const a = nfce(101, [bags(2, 1990)]); // 2 bags with R$ 19,90 off
    const b = nfce(102, [bags(1), bifinhos(3)]);
    const c = nfce(103, [bags(4)]);
    const zip = zipEntries([
      deflatedEntry("101-procNFe.xml", a.xml),
      deflatedEntry("102-procNFe.xml", b.xml),
    ]);
    const res = await upload([
      fiscalFile("nfce-27-11.zip", zip),
      fiscalFile("103-procNFe.xml", c.xml),
      fiscalFile("103-cancelamento.xml", cancelamentoXml(c.chave, MEIA_PRAIA.cnpj)),
    ]);
    const r = res.data as Result;
    expect(r.ok).toBe(true);
    expect(r.result).toMatchObject({ vendas: 3, devolvidas: 1, itensPendentes: 1, recusados: [] });
    // 10 − 2 − 1 − 4 + 4 (cancelled) = 7; the bifinhos wait: still 20.
    expect((await hand(shop.racao)).emMaos).toBe(7);
    expect((await hand(petisco)).emMaos).toBe(20);
    const vendas = await counterMovements("venda_balcao");
    expect(vendas.map((m) => [m.chave_acesso, m.delta_em_maos])).toEqual([
      [a.chave, -2],
      [b.chave, -1],
      [c.chave, -4],
    ]);
    expect(
      (await counterMovements("venda_balcao_cancelada")).map((m) => [
        m.chave_acesso,
        m.delta_em_maos,
      ]),
    ).toEqual([[c.chave, 4]]);
    const docs = await runSql<{ chave_acesso: string; tipo: string; cancelada: boolean }>(
      db(),
      `select chave_acesso, tipo, cancelada_em is not null as cancelada from documentos_fiscais
       order by numero`,
      [],
    );
    expect(docs).toEqual([
      { chave_acesso: a.chave, tipo: "venda", cancelada: false },
      { chave_acesso: b.chave, tipo: "venda", cancelada: false },
      { chave_acesso: c.chave, tipo: "venda", cancelada: true },
    ]);

    // The bifinho waits on the page, and is mapped once by its SKU.
    const before = await page();
    expect(before.pendentes).toMatchObject([
      { unidadeId: shop.loja, codigo: "5501", descricao: "BIFINHO CARNE 65G", itens: 1 },
    ]);
    const mapped = await associar({
      unidadeId: shop.loja,
      codigo: "5501",
      texto: "BIF65",
      fator: "1",
    });
    expect(mapped.data).toMatchObject({ ok: true });
    expect((await hand(petisco)).emMaos).toBe(17);
    expect((await page()).pendentes).toEqual([]);
    // Its movement is the note's: tied to b's key.
    expect(
      (await counterMovements("venda_balcao")).filter((m) => m.variante_id === petisco),
    ).toEqual([{ variante_id: petisco, delta_em_maos: -3, chave_acesso: b.chave }]);

    // The next day's note with the same code matches alone (the code is remembered under the
    // unit's CNPJ).
    const d = nfce(104, [bifinhos(2)]);
    const next = (await upload([fiscalFile("104.xml", d.xml)])).data as Result;
    expect(next.result).toMatchObject({ vendas: 1, itensPendentes: 0 });
    expect((await hand(petisco)).emMaos).toBe(15);

    // Re-sending the whole day changes nothing and says when each was applied.
    const again = (
      await upload([
        fiscalFile("nfce-27-11.zip", zip),
        fiscalFile("103-procNFe.xml", c.xml),
        fiscalFile("103-cancelamento.xml", cancelamentoXml(c.chave, MEIA_PRAIA.cnpj)),
      ])
    ).data as Result;
    expect(again.result).toMatchObject({ vendas: 0, devolvidas: 0 });
    expect(again.result!.recusados.every((x) => x.repetido)).toBe(true);
    expect(again.result!.recusados.map((x) => x.motivo)).toEqual([
      expect.stringMatching(
        /^A NFC-e 101 já foi lançada em \d\d\/\d\d\/\d{4} \d\d:\d\d, por Dona Rita \(Dono, todas as unidades\); nada mudou\.$/,
      ),
      expect.stringMatching(/^A NFC-e 102 já foi lançada em/),
      expect.stringMatching(/^A NFC-e 103 já foi lançada em/),
      expect.stringMatching(/^O cancelamento da NFC-e 103 já foi lançado em/),
    ]);
    expect((await hand(shop.racao)).emMaos).toBe(7);
    expect((await hand(petisco)).emMaos).toBe(15);
    await expectLedgerConsistent();
  });

  it("remembers a cancellation read before its sale: the sale arrives cancelled and moves nothing", async () => {
    const e = nfce(201, [bags(3)]);
    const first = (
      await upload([fiscalFile("201-can.xml", cancelamentoXml(e.chave, MEIA_PRAIA.cnpj))])
    ).data as Result;
    expect(first.result).toMatchObject({ vendas: 0, cancelamentosGuardados: 1 });
    const second = (await upload([fiscalFile("201.xml", e.xml)])).data as Result;
    expect(second.result).toMatchObject({ vendas: 0 });
    expect(second.result!.recusados).toEqual([
      {
        arquivo: "201.xml",
        motivo:
          "A NFC-e 201 já tinha sido cancelada: registrada como cancelada, sem baixa no estoque.",
        repetido: true,
      },
    ]);
    expect((await hand(shop.racao)).emMaos).toBe(10);
    expect(await counterMovements("venda_balcao")).toEqual([]);
    const [doc] = await runSql<{ cancelada: boolean }>(
      db(),
      "select cancelada_em is not null as cancelada from documentos_fiscais where chave_acesso = $1",
      [e.chave],
    );
    expect(doc).toEqual({ cancelada: true });
  });

  it("refuses another company's note, an NF-e, a non-authorised note, a malformed key and a hostile XML, each with its reason, changing nothing", async () => {
    const outra = nfce(301, [bags(1)], { emitente: OUTRA });
    const nfe = notaXml({
      numero: 302,
      emitente: OUTRA,
      destinatario: MEIA_PRAIA,
      itens: [bags(5)],
    });
    const denegada = nfce(303, [bags(1)], { status: 110 });
    const semProtocolo = nfce(304, [bags(1)], { semProtocolo: true });
    const good = nfce(305, [bags(1)]);
    const chaveErrada = good.xml.replaceAll(
      good.chave,
      `${good.chave.slice(0, 43)}${(Number(good.chave[43]) + 1) % 10}`,
    );
    const hostile = `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY x SYSTEM "file:///etc/passwd">]><nfeProc>&x;</nfeProc>`;
    const res = (
      await upload([
        fiscalFile("outra.xml", outra.xml),
        fiscalFile("nfe.xml", nfe.xml),
        fiscalFile("denegada.xml", denegada.xml),
        fiscalFile("sem-protocolo.xml", semProtocolo.xml),
        fiscalFile("chave.xml", chaveErrada),
        fiscalFile("bomba.xml", hostile),
      ])
    ).data as Result;
    expect(res.result).toMatchObject({ vendas: 0, devolvidas: 0 });
    expect(res.result!.recusados).toEqual([
      {
        arquivo: "outra.xml",
        motivo:
          "A NFC-e 301 foi emitida por Casa do Criador Ltda (CNPJ 03.847.655/0001-98), que não é uma das unidades da loja.",
      },
      {
        arquivo: "nfe.xml",
        motivo:
          "A nota 302 é uma NF-e (modelo 55), não uma NFC-e do balcão: use Entrada de mercadoria.",
      },
      {
        arquivo: "denegada.xml",
        motivo: "A nota 303 não está autorizada pela SEFAZ (situação 110: Uso Denegado).",
      },
      {
        arquivo: "sem-protocolo.xml",
        motivo:
          "A nota não traz o protocolo de autorização da SEFAZ. Envie o XML autorizado (nfeProc), como o emissor o guarda.",
      },
      {
        arquivo: "chave.xml",
        motivo: "A chave de acesso da nota é inválida (o dígito verificador não confere).",
      },
      {
        arquivo: "bomba.xml",
        motivo:
          "O arquivo declara DOCTYPE ou entidades, que notas fiscais não usam. Por segurança, ele não foi lido.",
      },
    ]);
    expect((await hand(shop.racao)).emMaos).toBe(10);
    const [n] = await runSql<{ n: number }>(
      db(),
      "select (select count(*) from documentos_fiscais) + (select count(*) from vendas_balcao_itens) as n",
      [],
    );
    expect(Number(n!.n)).toBe(0);
  });

  it("keeps a unit's staff to their unit: a note of the other unit is refused", async () => {
    const atCentro = nfce(401, [bags(1)], { emitente: CENTRO });
    const gerente = await staffSession({
      papel: "gerente",
      unidades: [shop.loja],
      nome: "Gerente MP",
    });
    const res = (await upload([fiscalFile("401.xml", atCentro.xml)], gerente)).data as Result;
    expect(res.result!.recusados).toEqual([
      {
        arquivo: "401.xml",
        motivo: "A NFC-e 401 é da Unidade Centro, que não é uma das suas unidades.",
      },
    ]);
    expect(await counterMovements("venda_balcao")).toEqual([]);
  });
});

describe("a counter sale that takes units online orders reserved", () => {
  it("is recorded, keeps the reservation and alerts the staff naming the order at risk", async () => {
    const order = await placeOrder(
      factories.orderInput([{ varianteId: shop.racao, quantidade: 8 }]),
    );
    expect(order.ok).toBe(true);
    if (!order.ok) return;
    expect(await hand(shop.racao)).toEqual({ emMaos: 10, reservado: 8, disponivel: 2 });
    // The counter sold 5 bags: the goods left the shop.
    const res = (await upload([fiscalFile("501.xml", nfce(501, [bags(5)]).xml)])).data as Result;
    expect(res.result).toMatchObject({
      vendas: 1,
      emRisco: [
        {
          produto: "Ração Golden 15 kg",
          emMaos: 5,
          reservado: 8,
          pedidos: [order.pedido.numeroPedido],
        },
      ],
    });
    expect(await hand(shop.racao)).toEqual({ emMaos: 5, reservado: 8, disponivel: 0 });
    // The site offers none of it at that unit, and the total is not made negative.
    expect(await factories.stockOf(ctx.database, shop.racao)).toBe(0);
    const alerts = await runSql<{ tipo: string; dados: Record<string, string> }>(
      db(),
      "select tipo, dados from avisos where tipo = 'reserva_em_risco'",
      [],
    );
    expect(alerts).toEqual([
      {
        tipo: "reserva_em_risco",
        dados: expect.objectContaining({
          unidade_id: shop.loja,
          pedidos: order.pedido.numeroPedido,
          produto: "Ração Golden 15 kg",
          em_maos: "5",
          reservado: "8",
        }),
      },
    ]);
    expect((await page()).emRisco).toMatchObject([
      { varianteId: shop.racao, emMaos: 5, reservado: 8, pedidos: [order.pedido.numeroPedido] },
    ]);
    // More sold than the ledger knew of: it takes what it had, never below 0.
    const more = (await upload([fiscalFile("502.xml", nfce(502, [bags(7)]).xml)])).data as Result;
    expect(more.result).toMatchObject({ vendas: 1 });
    expect(await hand(shop.racao)).toEqual({ emMaos: 0, reservado: 8, disponivel: 0 });
    await expectLedgerConsistent();
    // The staff found the bags and delivered the order: the hand-over goes through, taking
    // what the ledger had (never below 0), and the risk is gone.
    const admin = await factories.makeAdmin();
    const actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
    await setOrderStatus(order.pedido.id, "entregue", actor, {
      pagamento: { metodo: "pix", valor: order.pedido.total, recebido: null, motivo: null },
    });
    expect(await hand(shop.racao)).toEqual({ emMaos: 0, reservado: 0, disponivel: 0 });
    expect((await page()).emRisco).toEqual([]);
    await expectLedgerConsistent();
  });
});

describe("the import folder", () => {
  it("applies each file once with two runners racing, and moves it to processados or recusados", async () => {
    const notes = [nfce(601, [bags(1)]), nfce(602, [bags(2)]), nfce(603, [bags(3)])];
    for (const [i, n] of notes.entries()) {
      await storage().put("private", `${NFCE_FOLDER}nfce-60${i + 1}.xml`, Buffer.from(n.xml));
    }
    await storage().put(
      "private",
      `${NFCE_FOLDER}outra.xml`,
      Buffer.from(nfce(604, [bags(1)], { emitente: OUTRA }).xml),
    );
    await storage().put(
      "private",
      `${NFCE_FOLDER}603-can.zip`,
      zipEntries([deflatedEntry("603-can.xml", cancelamentoXml(notes[2]!.chave, MEIA_PRAIA.cnpj))]),
    );
    // Two instances' runners at once (the advisory lock), and two bare runs at once (the key
    // and the file already moved).
    await runSql(db(), "delete from job_runs where job_id = $1", [NFCE_FOLDER_JOB]);
    const job = { ...declaredJob(NFCE_FOLDER_JOB), firstRunAfterMs: 0 };
    const runners = [
      createJobRunner([job], { instanceId: "a" }),
      createJobRunner([job], { instanceId: "b" }),
    ];
    for (const r of runners) r.start();
    await Promise.all([importNfceFolder(), importNfceFolder()]);
    await expect
      .poll(async () => (await jobRuns(NFCE_FOLDER_JOB)).filter((r) => r.finished_at).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await Promise.all(runners.map((r) => r.stop()));

    expect((await hand(shop.racao)).emMaos).toBe(7);
    expect((await hand(petisco)).emMaos).toBe(20);
    // 603's cancellation (its ZIP sorts first) was read before the sale: 603 moved nothing.
    expect((await counterMovements("venda_balcao")).length).toBe(2);
    expect(await counterMovements("venda_balcao_cancelada")).toEqual([]);
    const keys = (await storage().list("private", NFCE_FOLDER)).sort();
    expect(keys.filter((k) => !k.slice(NFCE_FOLDER.length).includes("/"))).toEqual([]);
    expect(keys.filter((k) => k.includes("/processados/")).map((k) => k.split("/").pop())).toEqual([
      "603-can.zip",
      "nfce-601.xml",
      "nfce-602.xml",
      "nfce-603.xml",
    ]);
    const refused = keys.filter((k) => k.includes("/recusados/"));
    expect(refused.map((k) => k.split("/").pop())).toEqual(["outra.xml", "outra.xml.motivo.txt"]);
    const motivo = (await storage().read("private", refused[1]!))!.toString("utf8");
    expect(motivo).toContain("Casa do Criador Ltda (CNPJ 03.847.655/0001-98)");
    const [docs] = await runSql<{ n: number; por: number }>(
      db(),
      "select count(*)::int as n, count(aplicada_por)::int as por from documentos_fiscais",
      [],
    );
    expect(docs).toEqual({ n: 3, por: 0 });
    await expectLedgerConsistent();
  });
});

describe("the dashboard", () => {
  it("shows Balcão beside Loja online per unit, valued by the notes, with the margin from the average cost", async () => {
    const at = new Date(DIA.getTime() + 3 * 3600_000);
    // 2 bags at R$ 189,90 less R$ 19,90 = R$ 359,90; 3 bifinhos at R$ 9,90 = R$ 29,70.
    await upload([
      fiscalFile("701.xml", nfce(701, [bags(2, 1990)]).xml),
      fiscalFile("702.xml", nfce(702, [bifinhos(3)]).xml),
      fiscalFile("703.xml", nfce(703, [bags(1)], { emitente: CENTRO }).xml),
    ]);
    await associar({ unidadeId: shop.loja, codigo: "5501", texto: "BIF65", fator: "1" });
    const dash = await getDashboard(at);
    const mp = dash.canais.find((c) => c.unidadeId === shop.loja)!;
    expect(mp.balcao).toEqual({
      vendas: 2,
      valor: 35990 + 2970,
      // 2 × R$ 120,00 + 3 × R$ 4,00
      custo: 24000 + 1200,
      margem: 35990 + 2970 - 25200,
    });
    const ct = dash.canais.find((c) => c.unidadeId === shop.centro)!;
    // Centro had no bag in its ledger: sold, valued, no units taken.
    expect(ct.balcao).toMatchObject({ vendas: 1, valor: 18990 });
    expect(mp.online).toBeDefined();
  });
});
