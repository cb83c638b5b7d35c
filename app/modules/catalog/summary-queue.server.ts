// The product summaries left to recompute (migration 0019, decision 0055). A unit that opens,
// closes or turns "em breve" changes the summary of every product stocked there: 10,000 in a
// large shop, 54 s of PGlite's only thread when the trigger did it in the save. The trigger
// now lists them in produtos_resumo_pendentes and announces it; here each instance hears the
// announcement and recomputes them a slice at a time, each slice a short transaction with a
// pause after it, so pages and checkouts go through between slices. Meanwhile the lists may
// show the unit's stock for a few seconds more; the checkout checks the real stock anyway.
import { sql } from "drizzle-orm";
import { type Database, db, queryRows, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { PAGE_DATA_CHANNEL } from "~/platform/page-data.server";

const CHANNEL = "agropet_resumo";
/** Products per transaction: about 100 ms of PGlite in the large shop. */
const SLICE = 200;
/** The pause after each slice, for the requests that waited. */
const PAUSE_MS = 10;
/** A missed announcement (a connection that dropped) is caught up this often. */
const SWEEP_MS = 60_000;

let running: Promise<number> | null = null;
let again = false;

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

async function drain(): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await transaction(async (tx) => {
      const rows = await queryRows<{ produto_id: string }>(
        tx,
        sql`delete from produtos_resumo_pendentes where produto_id in (
            select produto_id from produtos_resumo_pendentes limit ${SLICE} for update skip locked)
          returning produto_id`,
      );
      if (rows.length > 0) {
        await tx.execute(
          sql`select agropet_resume_produtos(${sql.param(rows.map((r) => r.produto_id))}::uuid[])`,
        );
      }
      return rows.length;
    });
    total += done;
    if (done < SLICE) break;
    await pause();
  }
  // The lists read the summaries: once they are all done, the pages hear of it.
  if (total > 0) await db().execute(sql`select pg_notify(${PAGE_DATA_CHANNEL}, 'estoque')`);
  return total;
}

/**
 * Recomputes every listed summary, in slices; resolves with how many. One run at a time per
 * instance: a call during a run makes it go round once more.
 */
export function refreshPendingSummaries(): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  const run = drain().finally(() => {
    running = null;
    if (again) {
      again = false;
      void refreshPendingSummaries().catch(logFailure);
    }
  });
  running = run;
  return run;
}

function logFailure(error: unknown) {
  logger.warn({ err: error }, "resumos de produtos pendentes não foram recalculados");
}

let stopListening: (() => Promise<void>) | undefined;
let sweep: ReturnType<typeof setInterval> | undefined;

/** Hears the announcements (and sweeps now and then); catches up on what is listed now. */
export async function startSummaryQueue(database: Database): Promise<void> {
  await stopSummaryQueue();
  const run = () => void refreshPendingSummaries().catch(logFailure);
  stopListening = await database.listen(CHANNEL, run);
  sweep = setInterval(run, SWEEP_MS);
  sweep.unref();
  run();
}

export async function stopSummaryQueue(): Promise<void> {
  if (sweep) clearInterval(sweep);
  sweep = undefined;
  const stop = stopListening;
  stopListening = undefined;
  await stop?.();
  await running?.catch(() => {});
}
