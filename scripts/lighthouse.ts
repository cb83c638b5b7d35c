// `npm run lighthouse`: Lighthouse 12 (mobile, its default throttling) with Debian's
// Chromium on the production build, page by page: the median of N runs of the performance,
// accessibility, best-practices and SEO scores. A tool to read, not a test: timings depend
// on the machine. Starts the built server on a fresh seeded database.
// Flags: --no-build, --runs=<n> (default 3), --only=/path,/other.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(option("runs") ?? 3);
const PAGES = option("only")?.split(",") ?? [
  "/",
  "/sobre",
  "/produtos",
  "/servicos",
  "/contato",
  "/faq",
  "/trabalhe-conosco",
  "/loja",
  "{produto}",
  "/loja/carrinho",
  "/loja/checkout",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  if (!args.includes("--no-build")) {
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-lighthouse-"));
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const until = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (Date.now() > until) throw new Error("o servidor não subiu");
      await new Promise((r) => setTimeout(r, 300));
    }
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
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
    console.log(`\nLighthouse 12, celular, mediana de ${RUNS} execução(ões)\n`);
    console.log(line(rows[0]!));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const r of rows.slice(1)) console.log(line(r));
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
