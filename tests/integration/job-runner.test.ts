// The one runner of periodic jobs (decision 0060): no overlap, one leader across instances,
// failures recorded and retried an interval later, timeouts recorded, and a stop that waits
// for the run in progress. Through a real database (PGlite, and PostgreSQL in CI).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, db, openDatabase, runSql } from "~/platform/db/client.server";
import { jobsOverview } from "~/platform/jobs/overview.server";
import {
  createJobRunner,
  type JobRunner,
  startJobs,
  stopJobs,
} from "~/platform/jobs/runner.server";
import type { JobContext, JobDefinition } from "~/platform/module.server";
import { withTestDatabase } from "../setup/db";
import { gate } from "../support/gate";
import { jobRuns } from "../support/jobs";

const ctx = withTestDatabase();
const runners: JobRunner[] = [];

beforeEach(async () => {
  await runSql(db(), "delete from job_runs", []);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

function runner(jobs: JobDefinition[], options: Parameters<typeof createJobRunner>[1] = {}) {
  const made = createJobRunner(jobs, { instanceId: "teste-a", ...options });
  runners.push(made);
  made.start();
  return made;
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

function job(id: string, run: JobDefinition["run"], extra: Partial<JobDefinition> = {}) {
  return { id, label: id, intervalMs: 10, timeoutMs: 60_000, run, ...extra };
}

/** Waits until `count` runs of `jobId` are finished; returns them oldest first. */
async function finishedRuns(jobId: string, count: number, timeout = 15_000) {
  await expect
    .poll(async () => (await jobRuns(jobId)).filter((r) => r.finished_at).length, { timeout })
    .toBeGreaterThanOrEqual(count);
  return (await jobRuns(jobId)).filter((r) => r.finished_at).reverse();
}

describe("job runner", () => {
  it("never starts a job again while its run goes on, however short the interval", async () => {
    let running = 0;
    let most = 0;
    let started = 0;
    const release = gate();
    runner([
      job("teste.lento", async () => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        if (started === 1) await release.promise;
        running -= 1;
        return { feitos: 1 };
      }),
    ]);
    await expect.poll(() => started).toBe(1);
    // Many intervals of 10 ms go by while the first run holds: a timer loop would have
    // started it again and again.
    await tick(300);
    expect(started).toBe(1);
    expect(await jobRuns("teste.lento")).toMatchObject([{ finished_at: null, outcome: null }]);
    release.open();
    const runs = await finishedRuns("teste.lento", 3);
    expect(most).toBe(1);
    expect(runs[0]).toMatchObject({ outcome: "ok", counts: { feitos: 1 }, instance_id: "teste-a" });
    // The interval counts from the end of a run: each starts after the previous one ended.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.started_at.getTime()).toBeGreaterThanOrEqual(
        runs[i - 1]!.finished_at!.getTime(),
      );
    }
  });

  it("records a failing run with its error, and runs it again an interval later", async () => {
    let calls = 0;
    runner([
      job("teste.falha", async () => {
        calls += 1;
        if (calls === 1) throw new Error("servidor de pagamentos fora do ar");
        return { conferidas: 2 };
      }),
    ]);
    const [failed, retried] = await finishedRuns("teste.falha", 2);
    expect(failed).toMatchObject({ outcome: "failed", error: "servidor de pagamentos fora do ar" });
    expect(retried).toMatchObject({ outcome: "ok", counts: { conferidas: 2 }, error: null });
    expect(retried!.started_at.getTime()).toBeGreaterThanOrEqual(failed!.finished_at!.getTime());
  });

  it("records a run past its timeout as such, with its signal aborted", async () => {
    let seen: AbortSignal | undefined;
    const release = gate();
    runner([
      job(
        "teste.demorado",
        async ({ signal }: JobContext) => {
          seen = signal;
          await release.promise;
          return undefined;
        },
        { timeoutMs: 50, intervalMs: 60_000 },
      ),
    ]);
    const [run] = await finishedRuns("teste.demorado", 1);
    expect(run).toMatchObject({ outcome: "timeout", error: "tempo esgotado (50 ms)" });
    expect(seen?.aborted).toBe(true);
    release.open();
  });

  it("stop aborts the run's signal and waits for it to finish before returning", async () => {
    const release = gate();
    let finished = false;
    const made = runner([
      job("teste.parada", async ({ signal }: JobContext) => {
        // A job told to stop finishes what it holds (here: when the test lets it).
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
        await release.promise;
        finished = true;
        return { gravados: 1 };
      }),
    ]);
    await expect.poll(async () => (await jobRuns("teste.parada")).length).toBe(1);
    let stopped = false;
    const stopping = made.stop().then(() => {
      stopped = true;
    });
    await tick(100);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(true);
    const [run] = await jobRuns("teste.parada");
    expect(run).toMatchObject({ outcome: "ok", counts: { gravados: 1 } });
    // Stopped: no new run however long we wait.
    await tick(100);
    expect(await jobRuns("teste.parada")).toHaveLength(1);
  });

  it("waits an interval counted from the last run recorded, even one of another instance", async () => {
    await runSql(
      db(),
      `insert into job_runs (job_id, instance_id, started_at, finished_at, outcome)
       values ('teste.recente', 'outra', now() - interval '1 minute', now(), 'ok')`,
      [],
    );
    let calls = 0;
    runner([
      job(
        "teste.recente",
        async () => {
          calls += 1;
          return undefined;
        },
        { intervalMs: 60 * 60_000 },
      ),
    ]);
    await tick(300);
    expect(calls).toBe(0);
  });

  it("runs a woken job at once although not due, and once more when woken during a run", async () => {
    let calls = 0;
    const held = gate();
    const made = runner([
      job(
        "teste.acordar",
        async () => {
          calls += 1;
          if (calls === 1) await held.promise;
          return undefined;
        },
        // An hour apart, first run an hour away: only a wake makes it run now.
        { intervalMs: 60 * 60_000, firstRunAfterMs: 60 * 60_000 },
      ),
    ]);
    made.wake("teste.acordar");
    await expect.poll(() => calls).toBe(1);
    // Woken twice while it runs: one more run after it, never two at once.
    made.wake("teste.acordar");
    made.wake("teste.acordar");
    held.open();
    const runs = await finishedRuns("teste.acordar", 2);
    expect(runs).toHaveLength(2);
    await tick(300);
    expect(calls).toBe(2);
  });

  it("keeps the runs of a job bounded: the newest 200, none older than 30 days", async () => {
    await runSql(
      db(),
      `insert into job_runs (job_id, instance_id, started_at, finished_at, outcome)
       select 'teste.limite', 'outra', now() - make_interval(days => 40) + make_interval(mins => g),
              now() - make_interval(days => 40) + make_interval(mins => g), 'ok'
       from generate_series(1, 10) g
       union all
       select 'teste.limite', 'outra', now() - make_interval(hours => 2) + make_interval(secs => g),
              now() - make_interval(hours => 2) + make_interval(secs => g), 'ok'
       from generate_series(1, 250) g`,
      [],
    );
    runner([job("teste.limite", async () => undefined, { intervalMs: 1000 })]);
    await expect
      .poll(async () => (await jobRuns("teste.limite")).length, { timeout: 15_000 })
      .toBe(200);
    const runs = await jobRuns("teste.limite");
    expect(runs[0]!.instance_id).toBe("teste-a");
    expect(runs.every((r) => r.started_at.getTime() > Date.now() - 30 * 86_400_000)).toBe(true);
  });

  it("says when a job runs next: its first delay at start, then an interval after its last run", async () => {
    const later = job("teste.proxima", async () => undefined, {
      intervalMs: 24 * 60 * 60_000,
      firstRunAfterMs: 60 * 60_000,
    });
    const before = Date.now();
    startJobs([later]);
    try {
      const [view] = await jobsOverview([later]);
      expect(view!.last).toBeNull();
      expect(view!.next!.getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000);
      expect(view!.next!.getTime()).toBeLessThan(before + 2 * 60 * 60_000);
    } finally {
      await stopJobs();
    }
    // Stopped, and a run recorded: an interval after its end.
    await runSql(
      db(),
      `insert into job_runs (job_id, instance_id, started_at, finished_at, outcome)
       values ('teste.proxima', 'outra', '2026-11-27T10:00:00Z', '2026-11-27T10:00:05Z', 'ok')`,
      [],
    );
    const [view] = await jobsOverview([later]);
    expect(view!.next).toEqual(new Date("2026-11-28T10:00:05Z"));
  });

  describe("two instances on one database", () => {
    let second: Database | undefined;
    afterEach(async () => {
      await second?.close();
      second = undefined;
    });

    // PGlite is an embedded database held by one process (a second instance cannot open it,
    // decision 0048), and its one session takes the same advisory lock twice: there is no
    // second instance to race. On PostgreSQL, two pools stand for two instances.
    it.skipIf(!process.env.DATABASE_URL)(
      "only one runs a job at a time: the runs never overlap, whichever instance leads",
      async () => {
        const url = (
          ctx.database.db as unknown as { $client: { options: { connectionString: string } } }
        ).$client.options.connectionString;
        second = await openDatabase({ databaseUrl: url, poolSize: 4 });
        let running = 0;
        let most = 0;
        const by = new Set<string>();
        const define = (name: string): JobDefinition =>
          job(
            "teste.lider",
            async () => {
              by.add(name);
              running += 1;
              most = Math.max(most, running);
              await tick(30);
              running -= 1;
              return undefined;
            },
            { intervalMs: 1 },
          );
        runner([define("a")], { instanceId: "teste-a" });
        const other = second;
        runner([define("b")], { instanceId: "teste-b", database: () => other });
        const runs = await finishedRuns("teste.lider", 12, 30_000);
        expect(most).toBe(1);
        const sorted = runs.sort((x, y) => x.started_at.getTime() - y.started_at.getTime());
        for (let i = 1; i < sorted.length; i++) {
          expect(sorted[i]!.started_at.getTime()).toBeGreaterThanOrEqual(
            sorted[i - 1]!.finished_at!.getTime(),
          );
        }
        expect(by.size).toBeGreaterThanOrEqual(1);
      },
    );
  });
});
