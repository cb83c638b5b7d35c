// A write the database refuses for its data (a check, a not-null, a number out of range)
// that a route let through leaves the guard around every loader and action as a 422 with a
// pt-BR message and nothing written, never a 500 (app/platform/unavailable-routes.server.ts).
// Real refusals of this run's database, under the real guard.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, setDatabase } from "~/platform/db/client.server";
import { DATA_REFUSAL_MESSAGE, isDataRefusal } from "~/platform/db/errors.server";
import { answerUnavailable } from "~/platform/unavailable-routes.server";
import { createTestDatabase } from "../setup/db";

let database: Database;

/** A charge that belongs to neither an order nor a booking breaks `cobrancas_origem_check`. */
const orphanCharge = () =>
  database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into cobrancas (provedor, meio, status, valor, externo_id, idempotency_key)
          values ('mercadopago', 'pix', 'pendente', 1000, 'x-1', 'recusa-de-dado')`,
    );
  });

const build = answerUnavailable({
  routes: {
    check: { module: { action: () => orphanCharge() } },
    range: {
      module: { loader: () => database.db.execute(sql`select (10::smallint * 10000::smallint)`) },
    },
    unique: {
      module: {
        action: async () => {
          await database.db.execute(
            sql`create temporary table if not exists unico (n int primary key)`,
          );
          await database.db.execute(sql`insert into unico values (1)`);
          await database.db.execute(sql`insert into unico values (1)`);
        },
      },
    },
    other: {
      module: {
        loader: () => {
          throw new Error("outra falha");
        },
      },
    },
  },
});

type Guarded = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
const guarded = (id: keyof typeof build.routes) => build.routes[id].module as unknown as Guarded;

async function thrown(fn: ((args: unknown) => Promise<unknown>) | undefined): Promise<unknown> {
  try {
    await fn!({ request: new Request("http://localhost/x"), params: {}, context: {} });
  } catch (error) {
    return error;
  }
  return undefined;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});

afterAll(async () => {
  await database.close();
});

describe("data the database refuses", () => {
  it("a check constraint answers 422 in Portuguese and writes nothing", async () => {
    const answer = await thrown(guarded("check").action);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, message: DATA_REFUSAL_MESSAGE });
    const rows = (await database.db.execute(
      sql`select count(*)::int as n from cobrancas where idempotency_key = 'recusa-de-dado'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it("a number out of range answers 422 too", async () => {
    const answer = (await thrown(guarded("range").loader)) as Response;
    expect(answer.status).toBe(422);
  });

  it("a unique violation and any other error are left to the route (not a data refusal)", async () => {
    const unique = await thrown(guarded("unique").action);
    expect(unique).not.toBeInstanceOf(Response);
    expect(isDataRefusal(unique)).toBe(false);
    const other = await thrown(guarded("other").loader);
    expect((other as Error).message).toBe("outra falha");
  });
});
