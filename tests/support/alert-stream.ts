// The staff's live alerts (GET /admin/avisos) over real HTTP for a file or a describe block:
// the alert feed started on the file's database, the route behind a local server, and every
// stream opened through it closed at the end.
import { afterAll, beforeAll } from "vitest";
import { startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import type { Database } from "~/platform/db/client.server";
import { loader } from "~/routes/admin/avisos";
import { openSse, type RouteServer, type SseClient, serveRoute } from "./sse";

export function withAlertStream(ctx: { database: Database }) {
  let server: RouteServer | undefined;
  const opened: SseClient[] = [];
  beforeAll(async () => {
    await startAlertFeed(ctx.database, { heartbeatMs: 200, sweepMs: 60_000 });
    server = await serveRoute(async (request) => loader({ request } as never));
  });
  afterAll(async () => {
    for (const client of opened) client.close();
    await server?.close();
    await stopAlertFeed();
  });
  /** A stream of /admin/avisos sent with `headers` (a session's cookie, Last-Event-ID). */
  return async function openAlerts(headers: Record<string, string> = {}) {
    const client = await openSse(`${server!.base}/admin/avisos`, headers);
    opened.push(client);
    return client;
  };
}
