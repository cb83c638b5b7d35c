// The "compra programada" renewal job over 10,000 active subscriptions (issue 45): half due
// for the reminder today, half for the renewal order (reminded and ordered in the same runs),
// the job run until nothing is left, timed; and the shop's page latency (a product page and
// /loja) quiet versus while the job runs. The job runs in this process against the same
// database as the server: on PostgreSQL side by side with the server's load; the embedded
// PGlite file opens in one process only, so there the job is timed with the server stopped.
// Since decision 0093 one run goes batch after batch, so the first run does it all and the
// second finds nothing; a run of the job is recorded as just finished before the server starts,
// so the server's own runner waits its 15 minutes and the timed work is this process's.
// `npm run bench -- --only=subscriptions` (SUBSCRIPTIONS=<n> for another count).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { shopDay } from "~/domain/dates";
import { MODULES } from "~/modules/registry.server";
import { runSubscriptionCycles } from "~/modules/subscriptions/index.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  queryRows,
  setDatabase,
} from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { registerModules } from "~/platform/module.server";
import { seedDatabase } from "~/startup/seed.server";
import { stopServer } from "../lib/server";
import { createThrowawayDatabase } from "../lib/throwaway-postgres";
import * as harness from "./harness";

registerModules(MODULES);

const COUNT = Number(process.env.SUBSCRIPTIONS ?? 10_000);

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** 10,000 customers each with one active subscription to a seeded food bag, at a pick-up unit. */
async function seedSubscriptions(database: Database) {
  const [unit] = await queryRows<{ id: string }>(
    database.db,
    sql`select id::text as id from unidades where ativo and retirada_ativa order by posicao limit 1`,
  );
  const variants = await queryRows<{ id: string; slug: string }>(
    database.db,
    sql`select v.id::text as id, p.id::text as slug from variantes v
        join produtos p on p.id = v.produto_id
        where v.ativo and p.ativo and p.excluido_em is null order by p.nome limit 20`,
  );
  // Enough at the unit for every renewal to reserve its bag.
  await queryRows(
    database.db,
    sql`insert into estoque (variante_id, unidade_id, em_maos, reservado)
        select v.id, ${unit!.id}::uuid, 100000, 0 from variantes v
        where v.id::text in ${variants.map((v) => v.id)}
        on conflict (variante_id, unidade_id) do update set em_maos = 100000, reservado = 0`,
  );
  const today = shopDay(new Date());
  await queryRows(
    database.db,
    sql`insert into clientes (email, nome)
        select 'assinante' || g || '@bench.local', 'Assinante ' || g
        from generate_series(1, ${COUNT}) g`,
  );
  await queryRows(
    database.db,
    sql`insert into assinaturas (cliente_id, unidade_id, modo, nome, telefone, forma_pagamento,
          intervalo_dias, proxima_data, lembretes, termos_versao, termos_aceitos_em)
        select c.id, ${unit!.id}::uuid, 'retirada', c.nome, '(47) 99999-0000', 'balcao', 30,
          case when row_number() over (order by c.email) % 2 = 0
            then ${addDays(today, 2)}::date else ${addDays(today, 3)}::date end,
          true, 'bench', now()
        from clientes c where c.email like '%@bench.local'`,
  );
  const ids = sql.join(
    variants.map((v) => sql`${v.id}::uuid`),
    sql`, `,
  );
  await queryRows(
    database.db,
    sql`insert into itens_assinatura (assinatura_id, variante_id, quantidade, preco_aceito)
        select a.id, (array[${ids}])[1 + (row_number() over (order by a.id))::int % ${variants.length}],
          1, 0
        from assinaturas a`,
  );
  // The price accepted is each item's own variant's.
  await queryRows(
    database.db,
    sql`update itens_assinatura i set preco_aceito = v.preco from variantes v
        where v.id = i.variante_id`,
  );
  // As if an instance had just run the cycle: the server under measure does not start it.
  await queryRows(
    database.db,
    sql`insert into job_runs (job_id, instance_id, started_at, finished_at, outcome)
        values ('subscriptions.cycle', 'bench', now(), now(), 'ok')`,
  );
  return { produto: variants[0]!.slug };
}

/** The job's log without its line per renewal order (10,000 of them): warnings only. */
const quietLog = logger.child({ bench: "assinaturas" }, { level: "warn" });

/** Runs the job until a run finds nothing left; its time and what it did. */
async function drain() {
  const started = performance.now();
  let runs = 0;
  const total = { lembretes: 0, pedidos: 0 };
  for (;;) {
    const r = await runSubscriptionCycles(undefined, { logger: quietLog });
    runs++;
    total.lembretes += r.lembretes;
    total.pedidos += r.pedidos;
    if (r.lembretes === 0 && r.pedidos === 0) break;
  }
  return { ms: performance.now() - started, runs, ...total };
}

const fmt = (r: harness.LoadResult) =>
  `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.reqPerSec.toFixed(0)} req/s`;

async function measure(kind: harness.Kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-assinaturas-"));
  const pgdb =
    kind === "PostgreSQL"
      ? await createThrowawayDatabase(process.env.DATABASE_URL!, "assinaturas")
      : null;
  const open = () =>
    openDatabase({ databaseUrl: pgdb?.url, dataDir: pgdb ? undefined : path.join(dataDir, "db") });
  try {
    let database = await open();
    setDatabase(database);
    await migrateDatabase(database);
    await seedDatabase({ images: false });
    const { produto } = await seedSubscriptions(database);
    if (kind === "PGlite") await database.close();
    const { base, child } = await harness.startApp({
      DATA_DIR: dataDir,
      DATABASE_URL: pgdb?.url ?? "",
    });
    const pageUrl = `${base}/loja/produto/${produto}`;
    let job: Awaited<ReturnType<typeof drain>>;
    const quiet = {
      produto: await harness.load(pageUrl),
      loja: await harness.load(`${base}/loja`),
    };
    let busy: typeof quiet | null = null;
    try {
      if (kind === "PostgreSQL") {
        const running = drain();
        busy = { produto: await harness.load(pageUrl), loja: await harness.load(`${base}/loja`) };
        job = await running;
      }
    } finally {
      await stopServer(child);
    }
    if (kind === "PGlite") {
      database = await open();
      setDatabase(database);
      job = await drain();
    }
    const [orders] = await queryRows<{ n: number; dup: number }>(
      database.db,
      sql`select count(*)::int as n,
            (count(*) - count(distinct idempotency_key))::int as dup
          from pedidos where compra_programada`,
    );
    await database.close();
    console.log(
      `${kind.padEnd(10)} rotina de ${COUNT} assinaturas: ${(job!.ms / 1000).toFixed(1)} s em ${job!.runs} execuções (${job!.lembretes} lembretes, ${job!.pedidos} pedidos; ${orders!.n} pedidos de renovação, ${orders!.dup} repetidos)`,
    );
    console.log(
      `${kind.padEnd(10)} produto quieto: ${fmt(quiet.produto)}${busy ? ` · com a rotina: ${fmt(busy.produto)}` : ""}`,
    );
    console.log(
      `${kind.padEnd(10)} /loja quieta: ${fmt(quiet.loja)}${busy ? ` · com a rotina: ${fmt(busy.loja)}` : ""}`,
    );
    return orders!.dup === 0 && orders!.n === COUNT / 2;
  } finally {
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await harness.measureEachKind(measure);
