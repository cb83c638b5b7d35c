// The live feed of alerts on this instance (decision 0035): one LISTEN on agropet_avisos,
// one read of the rows numbered since the last one heard, and every open admin stream
// served from it. A stream that reconnects asks for what came after its last event id and
// gets it from the table, so nothing is missed and nothing is sent twice.
import { and, asc, gt, isNotNull, lt, max } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import type { Database } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import type { Aviso } from "./aviso";
import { avisos } from "./tables.server";

const ALERTS_CHANNEL = "agropet_avisos";
/** How many alerts a reconnecting stream may get at once (a day of a busy shop). */
const REPLAY_LIMIT = 500;
/** Alerts older than this are removed (a closed laptop reconnecting a week later starts anew). */
const KEEP_DAYS = 7;

type Subscriber = (aviso: Aviso) => void;

function toAviso(row: typeof avisos.$inferSelect): Aviso {
  const dados = { ...row.dados };
  if (dados.total !== undefined && dados.total !== null) {
    dados.total = decimalToCentavos(String(dados.total));
  }
  return {
    id: row.seq!,
    tipo: row.tipo,
    referenciaId: row.referenciaId,
    dados,
    criadoEm: row.createdAt.toISOString(),
  };
}

export interface AlertFeed {
  /** The number of the newest alert (0 when none): a page rendered now starts after it. */
  latest(): Promise<number>;
  /**
   * Sends `send` every alert numbered after `after`, first those already written, then each
   * new one as it is heard. Returns the function that stops it.
   */
  subscribe(after: number, send: Subscriber): Promise<() => void>;
  /** Asks the table for what is new (on a NOTIFY, a reconnect, and now and then). */
  poll(): Promise<void>;
  stop(): Promise<void>;
  /** Open streams: for the shutdown and the tests. */
  readonly size: number;
}

export async function createAlertFeed(database: Database, sweepMs = 30_000): Promise<AlertFeed> {
  const subscribers = new Set<{ last: number; send: Subscriber; ready: boolean }>();
  let heard = await newest();
  let polling: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /**
   * Notices came while no stream was open: nothing was read then (a checkout on the embedded
   * database would pay for a read no one sees), so `heard` is behind until the next read.
   */
  let behind = false;

  async function newest(): Promise<number> {
    const [row] = await database.db.select({ n: max(avisos.seq) }).from(avisos);
    return Number(row?.n ?? 0);
  }

  async function readAfter(after: number, limit: number) {
    const rows = await database.db
      .select()
      .from(avisos)
      .where(and(isNotNull(avisos.seq), gt(avisos.seq, after)))
      .orderBy(asc(avisos.seq))
      .limit(limit);
    return rows.map(toAviso);
  }

  function deliver(aviso: Aviso) {
    for (const subscriber of subscribers) {
      if (!subscriber.ready || aviso.id <= subscriber.last) continue;
      subscriber.last = aviso.id;
      subscriber.send(aviso);
    }
  }

  // One read at a time; a notice heard during a read asks for one more.
  async function poll(): Promise<void> {
    if (subscribers.size === 0) {
      behind = true;
      return;
    }
    if (polling) {
      again = true;
      return polling;
    }
    polling = (async () => {
      do {
        again = false;
        if (behind) {
          // Every open stream has what it replayed: read on from the oldest of them.
          behind = false;
          const oldest = Math.min(...[...subscribers].map((s) => s.last));
          if (Number.isFinite(oldest)) heard = Math.max(heard, oldest);
        }
        try {
          for (;;) {
            const batch = await readAfter(heard, 200);
            for (const aviso of batch) {
              heard = Math.max(heard, aviso.id);
              deliver(aviso);
            }
            if (batch.length < 200) break;
          }
        } catch (error) {
          if (!stopped) logger.warn({ err: error }, "avisos: leitura falhou");
        }
      } while (again && !stopped);
    })().finally(() => {
      polling = undefined;
    });
    return polling;
  }

  const unlisten = await database.listen(
    ALERTS_CHANNEL,
    () => void poll(),
    (listening) => {
      // Back after a lost connection: what was announced meanwhile is in the table.
      if (listening) void poll();
    },
  );
  // A safety net for a notice lost on the way, and the purge of old alerts.
  let sweeps = 0;
  const sweep = setInterval(() => {
    void poll();
    if (++sweeps % 120 === 0) {
      const limit = new Date(Date.now() - KEEP_DAYS * 86_400_000);
      database.db
        .delete(avisos)
        .where(lt(avisos.createdAt, limit))
        .catch(() => {});
    }
  }, sweepMs);
  sweep.unref?.();

  return {
    latest: async () => Math.max(heard, await newest()),
    async subscribe(after, send) {
      const subscriber = { last: after, send, ready: false };
      subscribers.add(subscriber);
      try {
        if (behind) {
          // The replay below goes on while this instance heard more than it read.
          behind = false;
          heard = Math.max(heard, await newest());
        }
        // What was written before, then whatever this instance heard during the read: the
        // stream is live only once it has everything up to `heard`, in order.
        for (let round = 0; round < 5; round++) {
          const missed = await readAfter(subscriber.last, REPLAY_LIMIT);
          for (const aviso of missed) {
            if (aviso.id <= subscriber.last) continue;
            subscriber.last = aviso.id;
            send(aviso);
          }
          if (heard <= subscriber.last || missed.length === 0) break;
        }
      } finally {
        subscriber.ready = true;
      }
      return () => subscribers.delete(subscriber);
    },
    poll,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      subscribers.clear();
      await unlisten();
    },
    get size() {
      return subscribers.size;
    },
  };
}
