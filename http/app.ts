// The part of the server that lives inside the app bundle (same modules as the routes):
// boots the database and hands requests to React Router.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import {
  adminEmails,
  LOGIN_RETRY_AFTER_S,
  loginRefusalPage,
  loginRefusedEarly,
} from "~/modules/accounts/index.server";
import { closeAlertStreams, startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import {
  enterSearchRequest,
  isStoreSearch,
  SEARCH_BUSY_MESSAGE,
  SEARCH_BUSY_PAGE,
  startSummaryQueue,
  stopImportWorker,
  stopSummaryQueue,
} from "~/modules/catalog/index.server";
import { stopFiscalReader } from "~/modules/fiscal/index.server";
import { closeMailTransport } from "~/modules/mail/index.server";
import { pickEncoding } from "~/platform/compress.server";
import { dataDirWritable } from "~/platform/data-dir.server";
import { currentDatabase, databaseReady } from "~/platform/db/client.server";
import {
  markEmbeddedDatabaseInUse,
  releaseEmbeddedDatabase,
} from "~/platform/db/embedded-lock.server";
import { env } from "~/platform/env.server";
import { declaredJobs } from "~/platform/jobs/declared.server";
import { startJobs, stopJobs } from "~/platform/jobs/runner.server";
import { stopPageDataWatch, watchPageData } from "~/platform/page-data.server";
import { storage } from "~/platform/storage.server";
import { diskAcceptedWrites, diskRecentlyRefused } from "~/platform/unavailable.server";
import { answerUnavailable } from "~/platform/unavailable-routes.server";
import { boot, shutdown } from "~/startup/boot.server";
import { sharedPagesOf } from "./page-cache";

/** Boots and starts the jobs; says which administrators exist (for the ready line). */
export async function start(): Promise<{ adminEmails: string[] }> {
  await boot();
  markEmbeddedDatabaseInUse(env());
  await watchPageData(currentDatabase()!);
  // New orders, grooming requests and resumes, live on every open admin page.
  await startAlertFeed(currentDatabase()!);
  // Product summaries a unit's change left to recompute, a slice at a time.
  await startSummaryQueue(currentDatabase()!);
  // Every periodic job, the platform's and the modules' (each declared in its manifest).
  startJobs(declaredJobs());
  return { adminEmails: await adminEmails() };
}

/**
 * The first step of a stop (SIGTERM), while requests are still served: no job starts here
 * any more (the outbox deliveries are jobs too: no pass claims a row), and what is running
 * finishes or releases what it holds and records its outcome, so nothing this instance held
 * waits for a lease to end before another instance takes it. Safe to call twice.
 */
export async function stopClaiming(): Promise<void> {
  await stopJobs();
  closeMailTransport();
}

/**
 * The last step, once the HTTP server has answered its last request: the LISTEN
 * connections, the summary queue, the import threads and the database (pool or PGlite).
 */
export async function stop() {
  await stopClaiming();
  await stopPageDataWatch();
  await stopAlertFeed();
  await stopSummaryQueue();
  await stopImportWorker();
  await stopFiscalReader();
  await shutdown(currentDatabase());
  releaseEmbeddedDatabase(env());
}

/**
 * For GET /readyz: the database answers and its migrations are applied, and writes go
 * through: DATA_DIR takes a write (where the embedded database or local uploads live) and
 * no write was refused for lack of disk in the last seconds (a PostgreSQL server's own
 * disk shows only that way). Each is asked again on every call: no restart to recover.
 */
export async function ready(): Promise<boolean> {
  const config = env();
  const usesDataDir = !config.DATABASE_URL || !config.S3_BUCKET;
  const [database, disk] = await Promise.all([
    databaseReady(currentDatabase()),
    usesDataDir ? dataDirWritable(config.dataDir) : true,
  ]);
  if (disk && usesDataDir && currentDatabase()?.kind === "pglite") diskAcceptedWrites();
  return database && disk && !diskRecentlyRefused();
}

/**
 * For the shutdown: the admin's live streams never finish on their own, so they are ended
 * before the server waits for its requests (the browsers reconnect to another instance).
 */
export function endLiveStreams(): Promise<void> {
  closeAlertStreams();
  // A moment for the ended responses to leave, so their sockets are idle when closed.
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/** For the page cache: the data generation of the public pages (see page-data.server.ts). */
export { pageDataChanged, pageDataGeneration } from "~/platform/page-data.server";

export const app = express.Router();

/** Public uploads (mounted at /uploads), served by whichever storage driver boot chose. */
export const uploads: express.RequestHandler = (req, res, next) =>
  storage().servePublic(req, res, next);

// The build itself, not a function returning it: given a function, React Router imports
// the build and derives its route tables again on every request.
const build = answerUnavailable(await import("virtual:react-router/server-build"));

/** The public pages the shared page cache keeps, as their routes' handles declare them. */
export const sharedPages = sharedPagesOf(build.routes);

// A login flood is refused here, before React Router reads the form, asks the database or
// draws a page (decision 0055); the action takes the place itself (login-admission.server.ts).
app.post("/admin/login", (req, res, next) => {
  const refused = loginRefusedEarly({
    ip: String(req.headers["x-client-ip"] ?? "desconhecido"),
    cookie: req.headers.cookie ?? null,
    secure: req.protocol === "https",
  });
  if (!refused) return next();
  res
    .status(refused.status)
    .set({ "Retry-After": String(LOGIN_RETRY_AFTER_S), "Cache-Control": "no-store" })
    .type("html")
    .send(loginRefusalPage(refused));
});

// Store searches: a few at a time, the rest a short "busy" page (decision 0054).
app.use((req, res, next) => {
  if (!isStoreSearch(req.path, req.query.q)) return next();
  const leave = enterSearchRequest();
  if (!leave) {
    res.set({ "Cache-Control": "no-store", "Retry-After": "2" }).status(503);
    if (req.path === "/loja/sugestoes") res.json({ sugestoes: [], erro: SEARCH_BUSY_MESSAGE });
    else res.type("html").send(SEARCH_BUSY_PAGE);
    return;
  }
  res.on("close", leave);
  res.on("finish", leave);
  next();
});

app.use(
  createRequestHandler({
    build,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string | undefined,
      // A page nobody keeps goes out compressed by the entry when it is whole; one the shared
      // page cache keeps is compressed there (http/page-cache.ts).
      encoding: res.locals.preCompressed ? undefined : pickEncoding(req.headers["accept-encoding"]),
    }),
  }),
);
