// One run of the "compra programada" cycle in a process of its own (node --import tsx), on a
// file database (PGlite directory TEST_PGLITE_DIR, or the PostgreSQL of DATABASE_URL), with the
// clock at CYCLE_AT and CYCLE_BATCH subscriptions per batch: what a test kills with SIGKILL.
// With CYCLE_STALL_ON, the process stands still right after writing the job's log line holding
// that text (the line is in the pipe before it stalls), so the kill lands at that point of the
// run and nowhere else (not a test file itself).
import { MODULES } from "~/modules/registry.server";
import { runSubscriptionCycles } from "~/modules/subscriptions/index.server";
import { setClock } from "~/platform/clock.server";
import { openDatabase, setDatabase } from "~/platform/db/client.server";
import { registerModules } from "~/platform/module.server";

const stallOn = process.env.CYCLE_STALL_ON;
if (stallOn) {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const written = write(chunk, ...rest);
    // Stdout to a pipe is written synchronously on Linux; then a blocking wait, so no
    // statement after the log line runs before the kill.
    if (String(chunk).includes(stallOn)) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    }
    return written;
  }) as typeof process.stdout.write;
}

registerModules(MODULES);
const at = new Date(process.env.CYCLE_AT!);
setClock(() => at);
const dataDir = process.env.TEST_PGLITE_DIR;
// Never an empty in-memory database by mistake: the run must see the test's rows.
if (!process.env.DATABASE_URL && !dataDir) throw new Error("no DATABASE_URL nor TEST_PGLITE_DIR");
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 } : { dataDir },
);
setDatabase(database);
const counts = await runSubscriptionCycles(at, { batch: Number(process.env.CYCLE_BATCH) });
await database.close();
process.stdout.write(`fim ${JSON.stringify(counts)}\n`);
