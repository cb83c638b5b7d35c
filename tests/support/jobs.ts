// The periodic jobs as the server runs them: found by id among the declared ones (the
// platform's and the modules' manifests) and run once through the real runner.
import { expect } from "vitest";
import { db, runSql } from "~/platform/db/client.server";
import { declaredJobs } from "~/platform/jobs/declared.server";
import { createJobRunner } from "~/platform/jobs/runner.server";
import type { JobDefinition } from "~/platform/module.server";

export function declaredJob(id: string): JobDefinition {
  const job = declaredJobs().find((j) => j.id === id);
  if (!job) throw new Error(`rotina ${id} não declarada`);
  return job;
}

export interface RunRow {
  id: string;
  job_id: string;
  instance_id: string;
  started_at: Date;
  finished_at: Date | null;
  outcome: "ok" | "failed" | "timeout" | null;
  counts: Record<string, number> | null;
  error: string | null;
}

/** The recorded runs of a job, newest first. */
export function jobRuns(jobId: string): Promise<RunRow[]> {
  return runSql<RunRow>(
    db(),
    "select * from job_runs where job_id = $1 order by started_at desc, finished_at desc nulls first",
    [jobId],
  );
}

/**
 * Starts a runner with the declared job (at once, whatever its first delay), waits for one
 * more finished run than there were, stops the runner and returns that run's row.
 */
export async function runDeclaredJob(id: string, timeout = 15_000): Promise<RunRow> {
  const job = { ...declaredJob(id), firstRunAfterMs: 0 };
  // The last run would make it wait an interval: a fresh run is what the caller asks for.
  await runSql(db(), "delete from job_runs where job_id = $1", [id]);
  const runner = createJobRunner([job], { instanceId: "teste" });
  runner.start();
  try {
    let row: RunRow | undefined;
    await expect
      .poll(
        async () => {
          [row] = (await jobRuns(id)).filter((r) => r.finished_at !== null);
          return row;
        },
        { timeout },
      )
      .toBeDefined();
    return row!;
  } finally {
    await runner.stop();
  }
}
