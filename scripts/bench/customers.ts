// Customers who come back (issue 42, decision 0072): the shared page cache must survive sign-in.
// /loja and a product page under load with every other request carrying a customer's session
// (`cliente_sessao`), against the same run without it (goal: at least 0.9× the req/s); then
// "Entrar"'s code endpoint (POST /conta/entrar, intent=codigo) one request after another, p50
// (it answers after a floor of SIGN_IN_ANSWER_FLOOR_MS whatever the e-mail, by design). Each
// page's two runs alternate twice and the best of each is compared.
import crypto from "node:crypto";
import { clientes, sessoesClientes } from "~/modules/customers/testing.server";
import { table } from "../lib/server";
import * as harness from "./harness";

const GOAL = 0.9;
const ROUNDS = 2;

const best = (results: harness.LoadResult[]) =>
  results.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
const CODES = 40;

/** A customer and a session written straight into the run's database: its cookie's token. */
async function prepare(env: Record<string, string>): Promise<{ token: string }> {
  return harness.withRunDatabase(env, async (database) => {
    const token = crypto.randomBytes(32).toString("base64url");
    const [cliente] = await database.db
      .insert(clientes)
      .values({ email: "bench.cliente@example.com", nome: "Cliente Benchmark" })
      .returning();
    const at = new Date();
    await database.db.insert(sessoesClientes).values({
      id: crypto.createHash("sha256").update(token).digest("hex"),
      clienteId: cliente!.id,
      userAgent: "bench",
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + 24 * 3_600_000),
    });
    return { token };
  });
}

/** Like `load`, but the connections alternate a visitor's request and a signed-in one. */
const loadHalfSignedIn = (url: string, cookie: string) =>
  harness.load(url, harness.BROWSER, [
    { headers: harness.BROWSER },
    { headers: { ...harness.BROWSER, cookie } },
  ]);

interface CustomersResult {
  pages: { name: string; without: harness.LoadResult; half: harness.LoadResult }[];
  codeP50: number;
  codeP99: number;
  codeFailed: number;
}

export const customers: harness.Scenario<{ token: string }, CustomersResult> = {
  name: "customers",
  prepare,
  async run({ kind, base, productId }, { token }) {
    const cookie = `cliente_sessao=${token}`;
    const pages: CustomersResult["pages"] = [];
    for (const [name, path] of [
      ["GET /loja", "/loja"],
      ["GET /loja/produto/{id}", `/loja/produto/${productId}`],
    ] as const) {
      // Alternated, best of each kept: on a shared machine one run can lose to a neighbour.
      console.log(`[${kind}] ${name}: sem sessão e metade com sessão de cliente, alternados ...`);
      const runs: { without: harness.LoadResult[]; half: harness.LoadResult[] } = {
        without: [],
        half: [],
      };
      for (let round = 0; round < ROUNDS; round++) {
        runs.without.push(await harness.load(`${base}${path}`));
        await harness.settle(base);
        runs.half.push(await loadHalfSignedIn(`${base}${path}`, cookie));
        await harness.settle(base);
      }
      pages.push({ name, without: best(runs.without), half: best(runs.half) });
    }
    console.log(`[${kind}] Entrar: ${CODES} pedidos de código em sequência ...`);
    const { times, failed: codeFailed } = await harness.inSequence(
      CODES,
      (i) => {
        const form = new URLSearchParams({ intent: "codigo", email: `bench${i}@example.com` });
        return harness.postForm(base, "/conta/entrar", form, harness.clientAddress(93, i));
      },
      (status) => status === 200,
    );
    await harness.settle(base);
    return {
      pages,
      codeP50: harness.quantile(times, 0.5),
      codeP99: harness.quantile(times, 0.99),
      codeFailed,
    };
  },
  report(results) {
    const rows = [
      ["Banco", "Alvo", "req/s sem sessão", "req/s metade com sessão", "×", "p99 (ms)", "OK"],
    ];
    const codes = [["Banco", "código p50 (ms)", "p99 (ms)", "falhas"]];
    let allOk = true;
    for (const { kind, result } of results) {
      for (const p of result.pages) {
        const ratio = p.half.reqPerSec / p.without.reqPerSec;
        const ok = ratio >= GOAL && p.half.non2xx === 0 && p.half.errors === 0;
        allOk &&= ok;
        rows.push([
          kind,
          p.name,
          p.without.reqPerSec.toFixed(0),
          p.half.reqPerSec.toFixed(0),
          ratio.toFixed(2),
          String(p.half.p99),
          ok ? "sim" : "NÃO",
        ]);
      }
      allOk &&= result.codeFailed === 0;
      codes.push([
        kind,
        result.codeP50.toFixed(1),
        result.codeP99.toFixed(1),
        String(result.codeFailed),
      ]);
    }
    console.log(
      `\n## Clientes: páginas com metade dos pedidos com sessão de cliente (meta ≥ ${GOAL}×; ${harness.CONNECTIONS} conexões, ${harness.DURATION} s)\n`,
    );
    console.log(table(rows));
    console.log("\n## Entrar: pedir o código (POST /conta/entrar)\n");
    console.log(table(codes));
    return allOk;
  },
};
