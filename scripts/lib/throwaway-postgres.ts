// A fresh database on a PostgreSQL server, dropped afterwards: what the integration tests,
// the benchmarks and the crash test each run against when DATABASE_URL names a server.
import crypto from "node:crypto";

export interface ThrowawayDatabase {
  /** The connection URL of the new database (the server's URL with its name). */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server named by `serverUrl`. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
