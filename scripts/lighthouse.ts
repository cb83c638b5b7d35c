// `npm run lighthouse`: Lighthouse 12 (mobile, its default throttling) with Debian's
// Chromium on the production build, page by page: the median of N runs of the performance,
// accessibility, best-practices and SEO scores. A tool to read, not a test: timings depend
// on the machine. Starts the built server on a fresh seeded database.
// Flags: --no-build, --runs=<n> (default 3), --only=/path,/other.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SITE_NAV } from "~/components/site/nav";
import { buildUnlessSkipped, startServer, stopServer, table } from "./lib/server";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(option("runs") ?? 3);
const PAGES = option("only")?.split(",") ?? [
  ...SITE_NAV.map((link) => link.to),
  "/loja",
  "{produto}",
  "/loja/carrinho",
  "/loja/checkout",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  buildUnlessSkipped(args);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-lighthouse-"));
  // localhost, not 127.0.0.1: Lighthouse judges the page as a visitor would open it.
  const { base, child: server } = await startServer(
    { DATA_DIR: dataDir, DATABASE_URL: "" },
    { host: "localhost" },
  );
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const loja = await (await fetch(`${base}/loja`)).text();
    const product = /href="(\/loja\/produto\/[^"]+)"/.exec(loja)?.[1] ?? "/loja";
    const rows = [["Página", "desempenho", "acessibilidade", "boas práticas", "SEO", "LCP (ms)"]];
    for (const page of PAGES) {
      const url = page === "{produto}" ? product : page;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]]));
      const lcp: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${url}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse não respondeu para ${url}`);
        for (const category of CATEGORIES) {
          scores[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
        }
        lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
      }
      rows.push([
        page === "{produto}" ? "/loja/produto/{id}" : url,
        ...CATEGORIES.map((c) => String(median(scores[c] ?? []))),
        median(lcp).toFixed(0),
      ]);
      console.log(`${rows.at(-1)!.join("  ")}`);
    }
    console.log(`\nLighthouse 12, celular, mediana de ${RUNS} execução(ões)\n`);
    console.log(table(rows));
  } finally {
    chrome.kill();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
