// `npm run size`: the JavaScript each page makes a phone download on its first load, from
// the production build, for every page the routes declare shared (`handle.pageCache`) and the
// cart and checkout. Starts the built server on a fresh seeded database, reads each
// page's HTML as a visitor gets it, follows every module it loads (script src, modulepreload,
// import() in inline scripts, and their static imports) and sums their gzip size (level 9),
// plus the inline scripts. Prints the table against the budgets (marketing pages 15 KB,
// store pages 90 KB). A tool to read: it does not fail on a page over budget.
// Flags: --no-build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { SharedPages } from "../http/page-cache";
import { buildUnlessSkipped, root, startServer, stopServer, table } from "./lib/server";

const clientDir = path.join(root, "build", "client");
const MARKETING_BUDGET = 15 * 1024;
const STORE_BUDGET = 90 * 1024;

/** The store's pages a visitor reaches that no cache shares (their own cart and checkout). */
const PRIVATE_STORE_PAGES = ["/loja/carrinho", "/loja/checkout"];

/**
 * The pages measured: every shared page that renders a document, as its route declares it
 * (`handle.pageCache`, read from the server build like the page cache does), and the store's
 * private ones. Store pages (under /loja) get the store's budget; the others the marketing one.
 */
async function pagesToMeasure(): Promise<{ path: string; budget: number }[]> {
  const build = path.join(root, "build", "server", "index.js");
  const { sharedPages } = (await import(build)) as { sharedPages: SharedPages };
  const patterns = sharedPages.routes.filter((r) => r.document).map((r) => r.pattern);
  return [...patterns, ...PRIVATE_STORE_PAGES].map((p) => ({
    path: p,
    budget: p === "/loja" || p.startsWith("/loja/") ? STORE_BUDGET : MARKETING_BUDGET,
  }));
}

/** An address of a pattern with parameters (`/loja/produto/:id`): the first link to one. */
function sampleOf(pattern: string, html: string): string | null {
  const segments = pattern.split("/").map((s) => (s.startsWith(":") ? '[^/"?#]+' : s));
  return new RegExp(`href="(${segments.join("/")})"`).exec(html)?.[1] ?? null;
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** The JavaScript files a module pulls in through static imports, itself included. */
function withImports(file: string, seen: Set<string>) {
  if (seen.has(file)) return;
  const full = path.join(clientDir, file);
  if (!fs.existsSync(full)) return;
  seen.add(file);
  const code = fs.readFileSync(full, "utf8");
  // Static imports only (`import ... from "./x.js"` and bare `import "./x.js"`); dynamic
  // import() loads later, not on the first load.
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["']([^"']+\.js)["']/g,
  )) {
    const target = path.posix.join(path.posix.dirname(file), match[1]!);
    withImports(target, seen);
  }
}

function firstLoad(html: string) {
  const files = new Set<string>();
  const entries: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) entries.push(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    entries.push(m[1]!);
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(m[1]!) || /application\/ld\+json/.test(m[1]!)) continue;
    inlineBytes += gzipSize(m[2]!);
    for (const i of m[2]!.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g))
      entries.push(i[1]!);
  }
  for (const url of entries) withImports(url.replace(/^\//, ""), files);
  let moduleBytes = 0;
  for (const file of files) moduleBytes += gzipSize(fs.readFileSync(path.join(clientDir, file)));
  return { modules: files.size, moduleBytes, inlineBytes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  buildUnlessSkipped(process.argv);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-size-"));
  const { base, child } = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    const loja = await (await fetch(`${base}/loja`)).text();
    const rows = [["Página", "módulos", "JS (gzip)", "inline (gzip)", "total", "orçamento", ""]];
    for (const page of await pagesToMeasure()) {
      const url = page.path.includes(":") ? sampleOf(page.path, loja) : page.path;
      if (!url) continue;
      const html = await (
        await fetch(base + url, { headers: { "accept-encoding": "identity" } })
      ).text();
      const { modules, moduleBytes, inlineBytes } = firstLoad(html);
      const total = moduleBytes + inlineBytes;
      rows.push([
        page.path,
        String(modules),
        kb(moduleBytes),
        kb(inlineBytes),
        kb(total),
        kb(page.budget),
        total <= page.budget ? "ok" : "acima",
      ]);
    }
    console.log(`\nJavaScript da primeira visita, por página (gzip nível 9)\n`);
    console.log(table(rows));
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
