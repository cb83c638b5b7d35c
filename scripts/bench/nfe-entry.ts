// The supplier NF-e entry's own benchmark (issue 44 point 2, decision 0084), in a process of
// its own like the import's: a 500-item NF-e (400 items matched by GTIN, 100 by the supplier's
// code remembered with a box of 12) previewed (read in the worker thread, matched) and applied
// (one transaction: key, ledger, costs), on PGlite and on PostgreSQL when DATABASE_URL is set.
// It prints each step's time and the longest the server's event loop was held meanwhile: the
// parse runs off the request thread, so pages keep answering while a note is read.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createUser } from "~/modules/accounts/index.server";
import { confirmEntry, previewEntry } from "~/modules/fiscal/index.server";
import { type Database, runSql } from "~/platform/db/client.server";
import { notaXml } from "../../tests/support/nota-fiscal";
import { fmtInt } from "./harness";
import { ean, runFiscalBench, seedStockedProducts, UNIDADE } from "./lib/fiscal";

const ITEMS = 500;
const BY_CODE = 100;
const FORNECEDOR = { cnpj: "03847655000198", nome: "Distribuidora Pet Sul Ltda" };
/** Preview and apply of a 500-item note, each. */
const GOAL_S = 5;

async function seed(database: Database) {
  const ids = await seedStockedProducts(database, {
    categoria: "Bench NF-e",
    count: ITEMS,
    nome: (i) => `Produto NF-e ${i}`,
    sku: "NFE-",
    gtin: (i) => (i <= ITEMS - BY_CODE ? ean(i) : null),
    emMaos: 10,
  });
  await runSql(
    database.db,
    `insert into codigos_fornecedor (emitente_cnpj, codigo, variante_id, fator)
     select $1, 'C' || n, id, 12 from unnest($2::uuid[], $3::int[]) as t(id, n)`,
    [
      FORNECEDOR.cnpj,
      ids.slice(ITEMS - BY_CODE),
      ids.slice(ITEMS - BY_CODE).map((_, i) => ITEMS - BY_CODE + i + 1),
    ],
  );
}

function bigNote() {
  return notaXml({
    numero: 90_001,
    emitente: FORNECEDOR,
    destinatario: UNIDADE,
    itens: Array.from({ length: ITEMS }, (_, i) => ({
      codigo: `C${i + 1}`,
      descricao: `PRODUTO NF-E ${i + 1}`,
      gtin: i < ITEMS - BY_CODE ? ean(i + 1) : null,
      unidade: i < ITEMS - BY_CODE ? "UN" : "CX",
      quantidade: 6,
      valorUnitario: 2500 + (i % 40) * 10,
    })),
  });
}

async function run(label: string, database: Database) {
  await seed(database);
  const user = await createUser({
    email: `bench-nfe-${Date.now()}@teste.com`,
    password: "Bench-Jacare-Milho-72",
    papel: "dono",
  });
  const actor = {
    request: new Request("http://localhost/admin/estoque/entrada"),
    userId: user.id,
    email: user.email,
    unidades: null,
  };
  const { xml, chave } = bigNote();
  const bytes = new TextEncoder().encode(xml);
  // Warm the worker thread as the screen's first upload would find it (tsx, the parser).
  await previewEntry([{ name: "aquecer.xml", bytes: new TextEncoder().encode("<x/>") }], actor);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let t = performance.now();
  const preview = await previewEntry([{ name: "NFe.xml", bytes }], actor);
  const previewS = (performance.now() - t) / 1000;
  lag.disable();
  const previewLagMs = lag.max / 1e6;
  const note = preview.notas[0];
  if (!note || note.semCasar > 0) {
    throw new Error(`prévia inesperada: ${JSON.stringify(preview.recusados)}`);
  }
  t = performance.now();
  const result = await confirmEntry({ token: preview.token, chave, escolhas: new Map() }, actor);
  const applyS = (performance.now() - t) / 1000;
  const ok = previewS < GOAL_S && applyS < GOAL_S;
  console.log(
    `${label.padEnd(10)} NF-e de ${ITEMS} itens (${fmtInt(bytes.byteLength / 1024)} KB): prévia ${previewS.toFixed(2)} s (event loop preso no máx. ${previewLagMs.toFixed(0)} ms), aplicar ${applyS.toFixed(2)} s (${result.unidades} un. em ${result.variantes} variações) ${ok ? `OK (< ${GOAL_S} s cada)` : `ACIMA DA META DE ${GOAL_S} s`}`,
  );
  return ok;
}

await runFiscalBench("bench-nfe-", run);
