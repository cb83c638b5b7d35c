// The one runner of periodic jobs (decision 0060). Each module declares its jobs in its
// manifest (JobDefinition: id, label, interval, timeout, run); the runner runs each at most
// once at a time across every instance (an advisory lock derived from the job id), counts
// the interval from the end of a run, whichever instance ran it (the runs table says when),
// records one row per run, and on stop aborts the runs' signals and waits for them.
import os from "node:os";
import {
  type AdvisoryLockSession,
  advisoryLockSession,
  currentDatabase,
  type Database,
  runSql,
} from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import type { JobCounts, JobDefinition } from "~/platform/module.server";

/** The advisory-lock namespace of jobs (two-key form: apart from the single-key boot locks). */
const JOB_LOCK_NAMESPACE = 7316;
/** How many runs of one job are kept, and for how long: enough for the admin's screen. */
const KEEP_RUNS = 200;
const KEEP_RUNS_DAYS = 30;
/** A due time this close counts as now (timers fire a little early or late). */
const DUE_SLACK_MS = 1000;
const MIN_DELAY_MS = 10;
/** When the lock or the runs table could not be asked (database away), try again after this. */
const RETRY_INFRA_MS = 60_000;

/** The lock key of a job: FNV-1a of its id, as a signed 32-bit integer. */
function jobLockKey(jobId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < jobId.length; i++) {
    hash ^= jobId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

class JobTimeout extends Error {
  constructor(ms: number) {
    super(`tempo esgotado (${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`})`);
    this.name = "JobTimeout";
  }
}

class JobStopped extends Error {
  constructor() {
    super("interrompida: a instância parou");
    this.name = "JobStopped";
  }
}

interface JobState {
  job: JobDefinition;
  timer?: ReturnType<typeof setTimeout>;
  /** When this instance's timer fires next (it may then find another instance ran it). */
  plannedAt?: Date;
  /** The tick in progress (lock, check, run, record), if any. */
  ticking?: Promise<void>;
  controller?: AbortController;
  /** Woken (wakeJob): run at once, due or not, and again after a run in progress. */
  woken?: boolean;
}

export interface JobRunnerOptions {
  /** The database the runs are recorded in (default: the process-wide one). */
  database?: () => Database | undefined;
  /** Names this instance in the runs table (default: host and process id). */
  instanceId?: string;
  /** How long stop() waits for runs in progress before giving up on them. */
  stopWaitMs?: number;
}

export interface JobRunner {
  start(): void;
  /** When this instance plans to try each job next (job id to time). */
  planned(): Map<string, Date>;
  /** Stops scheduling, aborts the runs' signals and waits (bounded) for them to finish. */
  stop(): Promise<void>;
  /**
   * Runs the job at once on this instance, due or not (an outbox that was just written to);
   * a run in progress runs once more after it. Still one run at a time across instances.
   */
  wake(jobId: string): void;
}

export function createJobRunner(
  jobs: readonly JobDefinition[],
  options: JobRunnerOptions = {},
): JobRunner {
  const database = options.database ?? currentDatabase;
  const instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}`;
  const stopWaitMs = options.stopWaitMs ?? 5000;
  const states = jobs.map((job): JobState => ({ job }));
  let stopped = true;
  let locks: { database: Database; session: AdvisoryLockSession } | undefined;

  const lockSession = (of: Database) => {
    if (locks?.database !== of) locks = { database: of, session: advisoryLockSession(of) };
    return locks.session;
  };

  const schedule = (state: JobState, delayMs: number) => {
    if (stopped) return;
    clearTimeout(state.timer);
    const delay = Math.max(MIN_DELAY_MS, delayMs);
    state.plannedAt = new Date(Date.now() + delay);
    state.timer = setTimeout(
      () => {
        state.timer = undefined;
        state.plannedAt = undefined;
        if (!state.ticking) state.ticking = tick(state).finally(() => (state.ticking = undefined));
      },
      // Never a busy loop, whatever a definition says.
      delay,
    );
    state.timer.unref();
  };

  const tick = async (state: JobState): Promise<void> => {
    const { job } = state;
    const of = database();
    if (stopped) return;
    if (!of) return schedule(state, Math.min(job.intervalMs, RETRY_INFRA_MS));
    const key = jobLockKey(job.id);
    let session: AdvisoryLockSession;
    try {
      session = lockSession(of);
      // Another instance runs it now: it records the run, and we look again an interval later.
      if (!(await session.tryLock(JOB_LOCK_NAMESPACE, key))) {
        return schedule(state, job.intervalMs);
      }
    } catch (error) {
      logger.warn({ err: error, job: job.id }, "rotina não pôde ser agendada; nova tentativa");
      return schedule(state, Math.min(job.intervalMs, RETRY_INFRA_MS));
    }
    let next = job.intervalMs;
    const woken = state.woken;
    state.woken = false;
    try {
      // The interval counts from the end of the last run, whichever instance ran it.
      const due = woken ? null : await nextDue(of, job);
      const wait = due === null ? 0 : due.getTime() - Date.now();
      if (wait > DUE_SLACK_MS) next = wait;
      else if (!stopped) await runOnce(of, state);
    } catch (error) {
      logger.warn({ err: error, job: job.id }, "rotina não pôde ser registrada; nova tentativa");
      next = Math.min(job.intervalMs, RETRY_INFRA_MS);
    } finally {
      await session.unlock(JOB_LOCK_NAMESPACE, key).catch(() => {});
    }
    schedule(state, state.woken ? 0 : next);
  };

  const runOnce = async (of: Database, state: JobState) => {
    const { job } = state;
    const startedAt = new Date();
    const [row] = await runSql<{ id: string }>(
      of.db,
      "insert into job_runs (job_id, instance_id, started_at) values ($1, $2, $3) returning id",
      [job.id, instanceId, startedAt],
    );
    const controller = new AbortController();
    state.controller = controller;
    if (stopped) controller.abort(new JobStopped());
    const timeout = setTimeout(
      () => controller.abort(new JobTimeout(job.timeoutMs)),
      job.timeoutMs,
    );
    timeout.unref();
    const log = logger.child({ job: job.id });
    const running = Promise.resolve().then(() =>
      job.run({ signal: controller.signal, logger: log }),
    );
    // A run that outlives its timeout is recorded as such at once; the lock stays held while
    // it keeps going (for at most another timeout), so no other instance starts it meanwhile.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => {
        if (controller.signal.reason instanceof JobTimeout) reject(controller.signal.reason);
      });
    });
    let outcome: "ok" | "failed" | "timeout" = "ok";
    let counts: JobCounts | undefined;
    let error: unknown;
    try {
      counts = (await Promise.race([running, aborted])) ?? undefined;
    } catch (caught) {
      error = caught;
      outcome = caught instanceof JobTimeout ? "timeout" : "failed";
      if (controller.signal.reason instanceof JobStopped && !(caught instanceof JobTimeout)) {
        error = controller.signal.reason;
      }
    } finally {
      clearTimeout(timeout);
    }
    const finishedAt = new Date();
    const message = error === undefined ? null : errorText(error);
    await runSql(
      of.db,
      `update job_runs set finished_at = $2, outcome = $3, counts = $4, error = $5 where id = $1`,
      [row!.id, finishedAt, outcome, counts ? JSON.stringify(counts) : null, message],
    );
    const ms = finishedAt.getTime() - startedAt.getTime();
    if (outcome === "ok") {
      if (counts && Object.values(counts).some((n) => n !== 0))
        log.info({ ...counts, ms }, job.label);
    } else {
      log.error({ err: error, ms, outcome }, `rotina falhou: ${job.label}`);
    }
    await runSql(
      of.db,
      `delete from job_runs where job_id = $1 and (started_at < $2 or id in (
         select id from job_runs where job_id = $1 order by started_at desc offset $3))`,
      [job.id, new Date(Date.now() - KEEP_RUNS_DAYS * 86_400_000), KEEP_RUNS],
    );
    if (outcome === "timeout") {
      await Promise.race([running.catch(() => {}), sleep(job.timeoutMs)]);
    }
    state.controller = undefined;
  };

  return {
    wake(jobId) {
      const state = states.find((s) => s.job.id === jobId);
      if (stopped || !state || (state.job.enabled && !state.job.enabled())) return;
      state.woken = true;
      if (!state.ticking) schedule(state, 0);
    },
    planned: () =>
      new Map(states.flatMap((s) => (s.plannedAt ? [[s.job.id, s.plannedAt] as const] : []))),
    start() {
      if (!stopped) return;
      stopped = false;
      // Whether a job runs on this instance is decided once, at start (its settings are env).
      for (const state of states) {
        if (state.job.enabled && !state.job.enabled()) continue;
        schedule(state, state.job.firstRunAfterMs ?? 0);
      }
    },
    async stop() {
      stopped = true;
      for (const state of states) {
        clearTimeout(state.timer);
        state.timer = undefined;
        state.plannedAt = undefined;
        state.controller?.abort(new JobStopped());
      }
      const inFlight = states.flatMap((s) => (s.ticking ? [s.ticking] : []));
      if (inFlight.length > 0) {
        const waited = await Promise.race([
          Promise.allSettled(inFlight).then(() => true),
          sleep(stopWaitMs).then(() => false),
        ]);
        if (!waited) logger.warn({ ms: stopWaitMs }, "rotinas ainda rodando ao parar a instância");
      }
      await locks?.session.close();
      locks = undefined;
    },
  };
}

/** When the job is due: the end of its last finished run plus its interval; null: never ran. */
async function nextDue(of: Database, job: JobDefinition): Promise<Date | null> {
  const [last] = await runSql<{ finished_at: Date | string }>(
    of.db,
    `select finished_at from job_runs where job_id = $1 and finished_at is not null
     order by started_at desc limit 1`,
    [job.id],
  );
  if (!last) return null;
  return new Date(new Date(last.finished_at).getTime() + job.intervalMs);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}

let running: JobRunner | undefined;

/** Starts the instance's runner with these jobs (the platform's and the modules'). */
export function startJobs(jobs: readonly JobDefinition[], options?: JobRunnerOptions) {
  if (running) return;
  running = createJobRunner(jobs, options);
  running.start();
}

/** When this instance's runner plans to try each job next (empty when it is not running). */
export function plannedRuns(): Map<string, Date> {
  return running?.planned() ?? new Map();
}

/** Runs a job of this instance's runner at once (see JobRunner.wake); nothing when none runs. */
export function wakeJob(jobId: string) {
  running?.wake(jobId);
}

/** Stops the instance's runner: no new runs, the running ones aborted and waited for. */
export async function stopJobs(): Promise<void> {
  const runner = running;
  running = undefined;
  await runner?.stop();
}
