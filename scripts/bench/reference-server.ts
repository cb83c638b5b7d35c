// The benchmark's yardstick: a bare node:http server that answers every GET with the rows
// the first page of /loja shows, read from the database on each request and sent as gzip
// JSON. No framework, no rendering: what the shop's hardware can do at best. Started by
// scripts/bench/index.ts as its own process (like the app), on the same database: DATABASE_URL,
// or else an embedded database in BENCH_DATA_DIR migrated and seeded like the app's.
import http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { STORE_PAGE_SIZE } from "~/modules/catalog";
import { VARIANT_SUMMARY_SQL } from "~/modules/catalog/index.server";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";

const gzip = promisify(zlib.gzip);
const port = Number(process.env.PORT);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR,
});
setDatabase(database);
await migrateDatabase(database);
await seedDatabase({ images: false });

// The same rows, order and page size as the store's first page (listStoreProducts in app/modules/catalog/products.server.ts).
// Prices and availability from the variants and the stock per unit, as the store reads them.
const firstPage = sql`
  select p.id, p.nome, c.nome as categoria, a.preco_min, a.preco_max, a.preco_antes, a.estoque,
    a.variacoes, a.variante_id, p.imagem_url
  from produtos p join categorias c on c.id = p.categoria_id ${sql.raw(VARIANT_SUMMARY_SQL)}
  where p.ativo and p.excluido_em is null and a.estoque > 0 and c.ativo
  order by lower(p.nome), p.id
  limit ${STORE_PAGE_SIZE}`;

const server = http.createServer(async (_req, res) => {
  try {
    const rows = await queryRows(database.db, firstPage);
    const body = await gzip(JSON.stringify(rows));
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Encoding": "gzip",
      "Content-Length": body.length,
    });
    res.end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(port, "127.0.0.1", () => console.log(`referência em http://127.0.0.1:${port}`));
const stop = () => server.close(() => database.close().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
