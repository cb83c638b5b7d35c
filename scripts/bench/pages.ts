// The app's pages under load (/, /produtos, /loja, a product page, and /loja uncached: a
// cookie of ours bypasses the page cache), each against the yardstick.
import os from "node:os";
import { table } from "../lib/server";
import * as harness from "./harness";

interface PagesResult {
  yardstick: harness.LoadResult;
  pages: [string, harness.LoadResult][];
}

export const pages: harness.Scenario<unknown, PagesResult> = {
  name: "pages",
  async run({ kind, base, productId, yardstick }) {
    const pages: [string, harness.LoadResult][] = [];
    for (const [name, url, headers] of [
      ["GET /", "/", harness.BROWSER],
      ["GET /produtos", "/produtos", harness.BROWSER],
      ["GET /loja", "/loja", harness.BROWSER],
      ["GET /loja/produto/{id}", `/loja/produto/${productId}`, harness.BROWSER],
      ["GET /loja sem cache", "/loja", { ...harness.BROWSER, cookie: "agropet_bench=1" }],
    ] as const) {
      console.log(`[${kind}] ${name} ...`);
      pages.push([name, await harness.load(`${base}${url}`, headers)]);
      await harness.settle(base);
    }
    return { yardstick, pages };
  },
  report(results) {
    const rows = [["Banco", "Alvo", "req/s", "× ref.", "p50 (ms)", "p99 (ms)", "não-2xx", "erros"]];
    for (const { kind, result } of results) {
      const ref = result.yardstick.reqPerSec;
      for (const [name, x] of [
        ["referência (node:http + banco, JSON gzip)", result.yardstick],
        ...result.pages,
      ] as const) {
        rows.push([
          kind,
          name,
          x.reqPerSec.toFixed(0),
          (x.reqPerSec / ref).toFixed(2),
          String(x.p50),
          String(x.p99),
          String(x.non2xx),
          String(x.errors),
        ]);
      }
    }
    console.log(
      `\nCarga: ${harness.CONNECTIONS} conexões por ${harness.DURATION} s, Accept-Encoding de navegador (${os.cpus().length} núcleos)\n`,
    );
    console.log(table(rows));
    return true;
  },
};
