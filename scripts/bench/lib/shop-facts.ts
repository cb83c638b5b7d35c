// What the scale bench (scale.ts) reads of a shop: what its screens ask for, its backup's
// time and size, the server's memory while it exports every order, where the deep page of
// orders starts; and the shape of one shop's run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type openDatabase, queryRows } from "~/platform/db/client.server";
import { root } from "../../lib/server";
import { BROWSER } from "../harness";
import type { LargeShopCounts } from "../large-shop";
import type { Timing } from "./requests";

/** One download of every order's export: time, size and the server's memory meanwhile. */
export interface ExportRun {
  seconds: number;
  bytes: number;
  /** The server's resident memory before the download and its peak during it (MB). */
  rssBefore: number;
  rssPeak: number;
  ok: boolean;
}

export interface ShopRun {
  counts: LargeShopCounts | null;
  build: number;
  backup: { seconds: number; bytes: number; ok: boolean };
  timings: Record<string, Timing>;
  exports: Record<string, ExportRun>;
}

/** What the screens of one shop ask for: a product, a brand, the last pages. */
export async function shopFacts(database: Awaited<ReturnType<typeof openDatabase>>) {
  const [row] = await queryRows<{
    produto: string;
    categoria: string;
    marca: string;
    pedidos: number;
    meio: string | null;
  }>(
    database.db,
    sql`select
      (select p.id::text from produtos p join variantes v on v.produto_id = p.id
        where p.ativo and p.excluido_em is null
        group by p.id order by count(*) desc, p.id limit 1) as produto,
      (select c.nome from categorias c where c.nome = 'Rações') as categoria,
      (select marca from produtos where marca is not null group by marca order by count(*) desc limit 1) as marca,
      (select count(*)::int from pedidos) as pedidos,
      (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id
        from pedidos order by created_at desc, id desc
        offset (select count(*) / 2 from pedidos) limit 1) as meio`,
  );
  return {
    produto: row!.produto,
    categoria: slug(row!.categoria),
    marca: row!.marca,
    pedidos: Number(row!.pedidos),
    /** Halfway through the orders' history, where a deep page of the admin list starts. */
    deepCursor: Number(row!.pedidos) > 60 ? row!.meio : null,
  };
}

const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** `npm run backup` on the stopped shop: seconds and archive size. */
export function backup(env: Record<string, string>): ShopRun["backup"] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-escala-backup-"));
  try {
    const started = performance.now();
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/backup.ts"), "--out", out],
      {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: "error" },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const bytes = fs.readdirSync(out).reduce((a, f) => a + fs.statSync(path.join(out, f)).size, 0);
    return { seconds, bytes, ok: r.status === 0 && bytes > 0 };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** The process's resident memory in MB (Linux /proc), or 0 where it cannot be read. */
function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Where the admin's deep page of orders starts: halfway through a large shop's history, or
 * where page 1's 'Próxima' goes on a small one (the checkout's orders).
 */
export async function deepOrdersPage(
  base: string,
  cookie: string,
  cursor: string | null,
  orders: number,
) {
  if (cursor) return { page: Math.ceil(orders / 2 / 30) + 1, cursor };
  const html = await (
    await fetch(`${base}/admin/loja?view=pedidos`, { headers: { cookie } })
  ).text();
  const next = html.match(/antes=([^&"]+)/)?.[1];
  if (!next) throw new Error("a lista de pedidos não tem página 2");
  return { page: 2, cursor: decodeURIComponent(next) };
}

/**
 * Downloads the export of every order, one row per line item (issue 26: streamed, so the
 * server's memory stays flat however many orders there are), sampling the server's resident
 * memory every 20 ms.
 */
export async function exportAll(
  base: string,
  cookie: string,
  pid: number | undefined,
  formato: "csv" | "xlsx",
): Promise<ExportRun> {
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const { status, bytes } = await new Promise<{ status: number; bytes: number }>(
      (resolve, reject) => {
        http
          .get(
            new URL(`/admin/loja/pedidos/exportar?formato=${formato}&linhas=itens`, base),
            { headers: { ...BROWSER, cookie } },
            (res) => {
              let bytes = 0;
              res.on("data", (chunk: Buffer) => {
                bytes += chunk.length;
              });
              res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
              res.on("error", reject);
            },
          )
          .on("error", reject);
      },
    );
    return {
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssBefore,
      rssPeak: Math.max(rssPeak, rssMb(pid)),
      ok: status === 200 && bytes > 0,
    };
  } finally {
    clearInterval(sampler);
  }
}
