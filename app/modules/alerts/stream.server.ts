// The admin's live stream (Server-Sent Events, decision 0035): every alert after the last
// event id the browser saw, then each new one, with a heartbeat so proxies and the browser
// keep the connection. One feed per instance, started and stopped with the server.

import { requireAdmin, staffOf } from "~/modules/accounts/index.server";
import type { Database } from "~/platform/db/client.server";
import { type Aviso, avisoForUnits } from "./aviso";
import { type AlertFeed, createAlertFeed } from "./feed.server";

const HEARTBEAT_MS = 15_000;
/**
 * A stream is closed after this long and the browser reconnects (with its last event id, so
 * nothing is missed): the session is checked again at each connection.
 */
const MAX_STREAM_MS = 5 * 60_000;

let feed: AlertFeed | undefined;
let heartbeatMs = HEARTBEAT_MS;
const openStreams = new Set<() => void>();

export async function startAlertFeed(
  database: Database,
  options: { heartbeatMs?: number; sweepMs?: number } = {},
): Promise<void> {
  await stopAlertFeed();
  heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  feed = await createAlertFeed(database, options.sweepMs);
}

/** Ends every open stream (the browsers reconnect elsewhere); the server can then close. */
export function closeAlertStreams(): void {
  for (const close of [...openStreams]) close();
}

export async function stopAlertFeed(): Promise<void> {
  closeAlertStreams();
  const current = feed;
  feed = undefined;
  await current?.stop();
}

/** The newest alert's id, for a page rendered now: its stream starts after it. */
export async function latestAlertId(): Promise<number> {
  return feed ? feed.latest() : 0;
}

const NO_STORE = {
  // no-transform: the compression middleware leaves it alone (no buffering).
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

function lastEventId(request: Request): number | null {
  const url = new URL(request.url);
  for (const value of [request.headers.get("last-event-id"), url.searchParams.get("desde")]) {
    if (value && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

function frame(aviso: Aviso): string {
  return `id: ${aviso.id}\nevent: aviso\ndata: ${JSON.stringify(aviso)}\n\n`;
}

/**
 * GET /admin/avisos: the stream, for a signed-in admin only. Anyone else gets the admin
 * guard's redirect, which a browser's EventSource takes as the end (no reconnection).
 */
export async function alertStream(
  request: Request,
  /** Which alerts this person gets (their role's areas, decision 0068); all by default. */
  allows: (aviso: Aviso) => boolean = () => true,
): Promise<Response> {
  const { user } = await requireAdmin(request);
  // Only the alerts of the person's units (decision 0069).
  const { unidades } = staffOf(user);
  const current = feed;
  if (!current) {
    return new Response("Avisos indisponíveis.", {
      status: 503,
      headers: { ...NO_STORE, "Retry-After": "5", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const after = lastEventId(request) ?? (await current.latest());
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const timers: ReturnType<typeof setTimeout>[] = [];
      let unsubscribe = () => {};
      close = () => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        unsubscribe();
        openStreams.delete(close);
        try {
          controller.close();
        } catch {}
      };
      openStreams.add(close);
      request.signal.addEventListener("abort", close, { once: true });
      // The reconnection delay, and a first line so the headers leave now.
      write("retry: 3000\n: conectado\n\n");
      timers.push(setInterval(() => write(": pulso\n\n"), heartbeatMs));
      timers.push(setTimeout(close, MAX_STREAM_MS));
      try {
        unsubscribe = await current.subscribe(after, (aviso) => {
          if (allows(aviso) && avisoForUnits(aviso, unidades)) write(frame(aviso));
        });
      } catch {
        close();
        return;
      }
      if (closed || request.signal.aborted) {
        unsubscribe();
        close();
      }
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/event-stream; charset=utf-8",
    },
  });
}
