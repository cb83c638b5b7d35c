// What the owner reads of the periodic jobs (/admin/rotinas): each job's interval as people
// say it, its last run, when it runs next and its recent failures, from the runs table.
import { db, runSql } from "~/platform/db/client.server";
import type { JobCounts, JobDefinition } from "~/platform/module.server";
import { declaredJobs } from "./declared.server";
import { plannedRuns } from "./runner.server";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Failures shown per job: the last few of the past week. */
const FAILURES_SHOWN = 5;
const FAILURES_DAYS = 7;

/** "a cada 5 min", "a cada 6 h", "diária", "a cada 2 dias". */
function intervalText(ms: number): string {
  if (ms >= DAY_MS && ms % DAY_MS === 0) {
    const days = ms / DAY_MS;
    return days === 1 ? "diária" : `a cada ${days} dias`;
  }
  if (ms >= HOUR_MS && ms % HOUR_MS === 0) return `a cada ${ms / HOUR_MS} h`;
  if (ms >= MINUTE_MS && ms % MINUTE_MS === 0) return `a cada ${ms / MINUTE_MS} min`;
  if (ms >= MINUTE_MS) return `a cada ${Math.round(ms / MINUTE_MS)} min`;
  return `a cada ${Math.max(1, Math.round(ms / 1000))} s`;
}

type Outcome = "ok" | "failed" | "timeout";

export interface JobRunView {
  startedAt: Date;
  finishedAt: Date | null;
  /** null: still running, or its instance stopped before it could record the end. */
  outcome: Outcome | "running" | "interrupted";
  durationMs: number | null;
  counts: JobCounts | null;
  error: string | null;
}

export interface JobView {
  id: string;
  label: string;
  interval: string;
  /** False when this installation does not run it (no BACKUP_DIR, a PostgreSQL server…). */
  enabled: boolean;
  last: JobRunView | null;
  /** When it is due: the end of the last run plus the interval; null: at the next start. */
  next: Date | null;
  failures: JobRunView[];
}

interface RunRow {
  job_id: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  outcome: Outcome | null;
  counts: JobCounts | null;
  error: string | null;
  n: number | string;
}

function runView(row: RunRow, job: JobDefinition, at: Date): JobRunView {
  const startedAt = new Date(row.started_at);
  const finishedAt = row.finished_at === null ? null : new Date(row.finished_at);
  // A run never finished long after its timeout: its instance died with it (kill -9).
  const lost = !finishedAt && at.getTime() - startedAt.getTime() > job.timeoutMs * 2;
  return {
    startedAt,
    finishedAt,
    outcome: row.outcome ?? (lost ? "interrupted" : "running"),
    durationMs: finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
    counts: row.counts,
    error: row.error,
  };
}

/**
 * The later of "an interval after the last run ended" (whichever instance ran it) and this
 * instance's own timer (a first run waits a while after the start); null: neither is known.
 */
function nextRun(job: JobDefinition, lastEnd: Date | string | null, planned: Date | undefined) {
  const fromRuns = lastEnd === null ? null : new Date(new Date(lastEnd).getTime() + job.intervalMs);
  if (!fromRuns) return planned ?? null;
  if (!planned) return fromRuns;
  return planned > fromRuns ? planned : fromRuns;
}

export async function jobsOverview(
  jobs: readonly JobDefinition[] = declaredJobs(),
  at = new Date(),
): Promise<JobView[]> {
  const rows = await runSql<RunRow>(
    db(),
    `select * from (
       select job_id, started_at, finished_at, outcome, counts, error,
              row_number() over (partition by job_id order by started_at desc) as n
       from job_runs where job_id = any($1)) r
     where n = 1 or (outcome in ('failed', 'timeout') and started_at > $2)
     order by job_id, started_at desc`,
    [jobs.map((j) => j.id), new Date(at.getTime() - FAILURES_DAYS * DAY_MS)],
  );
  const planned = plannedRuns();
  return jobs.map((job) => {
    const own = rows.filter((r) => r.job_id === job.id);
    const lastRow = own.find((r) => Number(r.n) === 1);
    const lastFinished = own.find((r) => r.finished_at !== null);
    const enabled = job.enabled ? job.enabled() : true;
    return {
      id: job.id,
      label: job.label,
      interval: intervalText(job.intervalMs),
      enabled,
      last: lastRow ? runView(lastRow, job, at) : null,
      next: enabled ? nextRun(job, lastFinished?.finished_at ?? null, planned.get(job.id)) : null,
      failures: own
        .filter((r) => r.outcome === "failed" || r.outcome === "timeout")
        .slice(0, FAILURES_SHOWN)
        .map((r) => runView(r, job, at)),
    };
  });
}
