// The one delivery engine of the outboxes (decision 0061): e-mails (mail's `emails`) and
// webhooks (notifications' `webhook_entregas`) are rows written in the same transaction as
// what they tell, and each channel hands this engine its table and its send function.
//
// - Claim: due `pendente` rows are taken with FOR UPDATE SKIP LOCKED and their next attempt
//   pushed past a lease, in one short transaction: two workers (or two instances) never get
//   the same row, and a worker that dies leaves its claim to lapse (at least once).
// - Retry: a failed attempt is tried again after each delay of the schedule, then the row is
//   marked failed for the staff to see.
// - Stop: a pass that is told to stop finishes the row it is sending and releases the lease
//   of every row it claimed and did not reach, so another instance sends them now rather than
//   60–90 s later (issue 40, point 6).
import { and, eq, inArray, lte } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db, transaction } from "./db/client.server";
import { logger } from "./logger.server";

// A failed delivery is tried again after 1 min, 5 min, 30 min, 2 h and 12 h, then given up
// ('falhou'): about 15 hours of an endpoint or mail server being down.
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  12 * 3600_000,
];

/** While one worker sends a claimed row, others leave it alone this long. */
export const OUTBOX_LEASE_MS = 60_000;

/** The columns every outbox table has (the channel's own ones are set by its send). */
type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  tentativas: PgColumn;
  proximaTentativa: PgColumn;
  updatedAt: PgColumn;
};

interface OutboxRow {
  id: string;
  tentativas: number;
}

/** What one attempt came to; `columns` are the channel's own (status, error, file…). */
export type Attempt =
  /** Sent: the row is done (its status among `columns`). */
  | { outcome: "sent"; columns: Record<string, unknown> }
  /** Nothing to send any more (not counted as an attempt). */
  | { outcome: "dropped"; columns: Record<string, unknown> }
  /** Failed: retried on the schedule, or marked failed after the last delay. */
  | { outcome: "failed"; error: string; columns: Record<string, unknown> };

export interface OutboxChannel<Row extends OutboxRow> {
  /** For the logs ("emails", "webhooks"). */
  name: string;
  table: OutboxTable;
  /** The status a row given up on takes. */
  failedStatus: string;
  /** Rows claimed per pass. */
  batch: number;
  /** One attempt at one row; may throw (a failure like any other). */
  send: (row: Row, at: () => Date) => Promise<Attempt>;
}

interface DeliverOptions {
  limit?: number;
  now?: () => Date;
  /** Fires when the instance stops: finish the row in flight, release the rest. */
  signal?: AbortSignal;
}

export interface Outbox<Row extends OutboxRow> {
  /** Claims due rows and pushes their next attempt past the lease. */
  claim: (limit: number, at?: Date) => Promise<Row[]>;
  /** One pass: claims a batch and attempts each row once. Returns how many were attempted. */
  deliverDue: (options?: DeliverOptions) => Promise<number>;
  /**
   * Passes until nothing is due or the signal fires: the run of the channel's delivery job on
   * the platform's runner, which wakes it after an enqueue and aborts it on stop.
   */
  drain: (options?: DeliverOptions) => Promise<number>;
}

export function createOutbox<Row extends OutboxRow>(channel: OutboxChannel<Row>): Outbox<Row> {
  const { table } = channel;

  async function claim(limit: number, at = new Date()): Promise<Row[]> {
    return transaction(async (tx) => {
      const due = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.status, "pendente"), lte(table.proximaTentativa, at)))
        .orderBy(table.proximaTentativa)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(table)
        .set({ proximaTentativa: new Date(at.getTime() + OUTBOX_LEASE_MS), updatedAt: at })
        .where(
          inArray(
            table.id,
            due.map((r) => r.id as string),
          ),
        )
        .returning();
      return rows as unknown as Row[];
    });
  }

  async function record(row: Row, attempt: Attempt, at: Date) {
    const tentativas = row.tentativas + 1;
    let columns: Record<string, unknown>;
    if (attempt.outcome === "dropped") columns = attempt.columns;
    else if (attempt.outcome === "sent") columns = { ...attempt.columns, tentativas };
    else {
      const delay = OUTBOX_RETRY_DELAYS_MS[tentativas - 1];
      logger.warn(
        { outbox: channel.name, id: row.id, tentativas, erro: attempt.error },
        "envio falhou",
      );
      columns = {
        ...attempt.columns,
        tentativas,
        ...(delay === undefined
          ? { status: channel.failedStatus }
          : { proximaTentativa: new Date(at.getTime() + delay) }),
      };
    }
    await db()
      .update(table)
      .set({ ...columns, updatedAt: at })
      .where(eq(table.id, row.id));
  }

  /** Gives back rows claimed and not attempted: due now, for whichever worker comes next. */
  async function release(rows: Row[], at: Date) {
    if (rows.length === 0) return;
    await db()
      .update(table)
      .set({ proximaTentativa: at, updatedAt: at })
      .where(
        and(
          eq(table.status, "pendente"),
          inArray(
            table.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    logger.info({ outbox: channel.name, released: rows.length }, "envios devolvidos à fila");
  }

  async function deliverDue(options: DeliverOptions = {}): Promise<number> {
    const clock = options.now ?? (() => new Date());
    if (options.signal?.aborted) return 0;
    const rows = await claim(options.limit ?? channel.batch, clock());
    let attempted = 0;
    try {
      for (const row of rows) {
        if (options.signal?.aborted) break;
        let attempt: Attempt;
        try {
          attempt = await channel.send(row, clock);
        } catch (error) {
          attempt = {
            outcome: "failed",
            error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            columns: {},
          };
        }
        await record(row, attempt, clock());
        attempted++;
      }
    } finally {
      await release(rows.slice(attempted), clock());
    }
    return attempted;
  }

  async function drain(options: DeliverOptions = {}): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await deliverDue(options);
      total += n;
      if (n === 0 || options.signal?.aborted) return total;
    }
  }

  return {
    claim,
    deliverDue,
    drain,
  };
}
