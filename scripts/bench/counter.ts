// The counter's admin pages on the large shop (issue 41): the orders list under 50
// connections, and pick-ups handed over with their code one after another, as the counter
// does them, signed in as the owner. Runs as a process of its own: `npm run bench --
// --only=counter` (with --scale-fraction=<f> for a part of the large shop). Kept to the
// harness and the module faces every version since issue 40 has, so the same file measures
// an older commit too (the before/after of issue 41).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "~/platform/db/client.server";
import { stopServer } from "../lib/server";
import * as harness from "./harness";
import { buildLargeShop } from "./large-shop";
import { signIn } from "./lib/requests";

const ADMIN = { email: "dono@bench.local", password: "Bench-contador-2026!" };
const PICKUPS = 60;
const fractionFlag = harness.args.find((a) => a.startsWith("--scale-fraction="));
const FRACTION = fractionFlag ? Number(fractionFlag.split("=")[1]) : 1;

interface Pickup {
  id: string;
  codigo: string;
}

async function prepare(kind: harness.Kind, dataDir: string) {
  return harness.withSeededShop(kind, "balcao", dataDir, async (database, { pgdb }) => {
    await buildLargeShop(database, FRACTION, () => {});
    // The latest pick-ups (handed-over ones too, taken back a step), made ready and paid by
    // Pix: handing one over asks only its code (a "pagar na retirada" one would ask the
    // payment too, in later versions only).
    const pickups = await queryRows<Pickup>(
      database.db,
      sql`update pedidos set status_pedido = 'pronto_retirada', status_pagamento = 'pago',
            forma_pagamento = 'pix', estoque_situacao = 'reservado', retirado_em = null
          where id in (select id from pedidos
            where modo = 'retirada' and codigo_retirada is not null
              and status_pedido in ('novo', 'preparo', 'pronto_retirada', 'retirado')
            order by created_at desc limit ${PICKUPS})
          returning id::text as id, codigo_retirada as codigo`,
    );
    // Their units reserved at the unit, as a checkout would have left them.
    await queryRows(
      database.db,
      sql`insert into estoque (variante_id, unidade_id, em_maos, reservado)
          select i.variante_id, coalesce(i.unidade_id, p.unidade_id), sum(i.quantidade),
            sum(i.quantidade)
          from itens_pedido i join pedidos p on p.id = i.pedido_id
          where p.id::text in ${pickups.length > 0 ? pickups.map((p) => p.id) : [""]}
            and i.variante_id is not null and coalesce(i.unidade_id, p.unidade_id) is not null
          group by 1, 2
          on conflict (variante_id, unidade_id) do update
            set em_maos = estoque.em_maos + excluded.em_maos,
                reservado = estoque.reservado + excluded.reservado`,
    );
    return { pgdb, pickups };
  });
}

async function handedOver(
  kind: harness.Kind,
  dataDir: string,
  url: string | undefined,
  ids: string[],
) {
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: kind === "PostgreSQL" ? undefined : path.join(dataDir, "db"),
  });
  try {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pedidos
          where status_pedido = 'retirado' and id::text in ${ids}`,
    );
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

async function measure(kind: harness.Kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-balcao-"));
  const { pgdb, pickups } = await prepare(kind, dataDir);
  try {
    const { base, child } = await harness.startApp({
      DATA_DIR: dataDir,
      DATABASE_URL: pgdb?.url ?? "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    let list: Awaited<ReturnType<typeof harness.load>>;
    const times: number[] = [];
    let refused = 0;
    try {
      const cookie = await signIn(base, ADMIN);
      list = await harness.load(`${base}/admin/loja?view=pedidos`, { ...harness.BROWSER, cookie });
      for (const p of pickups) {
        const started = performance.now();
        const res = await fetch(`${base}/admin/loja/pedidos`, {
          method: "POST",
          redirect: "manual",
          body: new URLSearchParams({
            intent: "order-status",
            id: p.id,
            status: "retirado",
            codigoRetirada: p.codigo,
          }),
          headers: {
            ...harness.BROWSER,
            cookie,
            "content-type": "application/x-www-form-urlencoded",
            origin: base,
            "sec-fetch-site": "same-origin",
            "sec-fetch-mode": "navigate",
          },
        });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status >= 400) refused++;
      }
    } finally {
      await stopServer(child);
    }
    const done = await handedOver(
      kind,
      dataDir,
      pgdb?.url,
      pickups.map((p) => p.id),
    );
    console.log(
      `${kind.padEnd(10)} pedidos (lista): ${list.reqPerSec.toFixed(0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, não-2xx ${list.non2xx}`,
    );
    console.log(
      `${kind.padEnd(10)} retirada com código: p50 ${harness.quantile(times, 0.5).toFixed(1)} ms, p99 ${harness.quantile(times, 0.99).toFixed(1)} ms (${done} de ${pickups.length} entregues, ${refused} recusadas)`,
    );
    return done === pickups.length && pickups.length > 0 && list.non2xx === 0;
  } finally {
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await harness.measureEachKind(measure);
