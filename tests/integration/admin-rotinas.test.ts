// /admin/rotinas: every declared job with its interval as people read it, its last run (São
// Paulo time), the next one and its recent failures; for an admin only.
import { beforeAll, describe, expect, it } from "vitest";
import { db, runSql } from "~/platform/db/client.server";
import { declaredJobs } from "~/platform/jobs/declared.server";
import { loader } from "~/routes/admin/rotinas";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { makeAdmin } from "../support/factories";
import { call, expectRedirect } from "../support/routes";

withTestDatabase();

let token: string;
beforeAll(async () => {
  ({ token } = await makeAdmin());
});

type Rotina = {
  id: string;
  nome: string;
  intervalo: string;
  ativa: boolean;
  ultima: {
    inicio: string;
    resultado: string;
    duracao: string | null;
    contagens: string | null;
  } | null;
  proxima: string | null;
  falhas: { inicio: string; resultado: string; erro: string | null }[];
};

async function screen(): Promise<Rotina[]> {
  const result = await call(loader, makeRequest("/admin/rotinas", { token }));
  expect(result.status).toBe(200);
  return result.data.rotinas as Rotina[];
}

describe("/admin/rotinas", () => {
  it("refuses a visitor", async () => {
    expectRedirect(await call(loader, makeRequest("/admin/rotinas")), /^\/admin\/login/);
  });

  it("lists every job with its interval as people read it", async () => {
    const rotinas = await screen();
    expect(rotinas.map((r) => r.id).sort()).toEqual(
      declaredJobs()
        .map((j) => j.id)
        .sort(),
    );
    const by = Object.fromEntries(rotinas.map((r) => [r.id, r]));
    expect(by["accounts.purge-sessions"]).toMatchObject({
      intervalo: "a cada 15 min",
      ultima: null,
    });
    expect(by["grooming.release-unconfirmed"]?.intervalo).toBe("a cada 5 min");
    expect(by["privacy.retention"]?.intervalo).toBe("a cada 6 h");
    expect(by["mail.purge-bodies"]?.intervalo).toBe("diária");
    // No BACKUP_DIR in tests: the backup is listed, switched off.
    expect(by["platform.backup"]).toMatchObject({ intervalo: "diária", ativa: false });
  });

  it("shows the last run in São Paulo time, the next one, and recent failures with their error", async () => {
    await runSql(
      db(),
      `insert into job_runs (job_id, instance_id, started_at, finished_at, outcome, counts, error) values
       ('accounts.purge-sessions', 'a', '2026-11-20T12:00:00Z', '2026-11-20T12:00:01.5Z', 'failed', null,
        'conexão recusada'),
       ('accounts.purge-sessions', 'a', '2026-11-20T12:15:00Z', '2026-11-20T12:15:00.2Z', 'ok',
        '{"removidas": 3}', null)`,
      [],
    );
    // The failure shows while it is recent (7 days): the screen reads it relative to now.
    await runSql(
      db(),
      `update job_runs set started_at = started_at + (now() - '2026-11-20T12:15:00Z'::timestamptz) - interval '1 hour',
         finished_at = finished_at + (now() - '2026-11-20T12:15:00Z'::timestamptz) - interval '1 hour'`,
      [],
    );
    const rotina = (await screen()).find((r) => r.id === "accounts.purge-sessions")!;
    expect(rotina.ultima).toMatchObject({
      resultado: "ok",
      duracao: "200 ms",
      contagens: "removidas: 3",
    });
    expect(rotina.ultima!.inicio).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(rotina.proxima).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(rotina.falhas).toEqual([
      expect.objectContaining({ resultado: "failed", erro: "conexão recusada" }),
    ]);
  });
});
