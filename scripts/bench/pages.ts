// The app's pages under load (/, /produtos, /loja, a product page, and /loja uncached: a
// cookie of ours bypasses the page cache), each against the yardstick.
import os from "node:os";
import { table } from "../lib/server";
import {
  BROWSER,
  CONNECTIONS,
  DURATION,
  type LoadResult,
  load,
  type Scenario,
  settle,
} from "./harness";

interface PagesResult {
  yardstick: LoadResult;
  pages: [string, LoadResult][];
}

export const pages: Scenario<unknown, PagesResult> = {
  name: "pages",
  async run({ kind, base, productId, yardstick }) {
    const pages: [string, LoadResult][] = [];
    for (const [name, url, headers] of [
      ["GET /", "/", BROWSER],
      ["GET /produtos", "/produtos", BROWSER],
      ["GET /loja", "/loja", BROWSER],
      ["GET /loja/produto/{id}", `/loja/produto/${productId}`, BROWSER],
      ["GET /loja sem cache", "/loja", { ...BROWSER, cookie: "agropet_bench=1" }],
    ] as const) {
      console.log(`[${kind}] ${name} ...`);
      pages.push([name, await load(`${base}${url}`, headers)]);
      await settle(base);
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
      `\nCarga: ${CONNECTIONS} conexões por ${DURATION} s, Accept-Encoding de navegador (${os.cpus().length} núcleos)\n`,
    );
    console.log(table(rows));
    return true;
  },
};
