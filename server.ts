// The HTTP entry: Express 5 with compression, static files, request logs, the origin
// check for writes, and graceful shutdown. The app itself (routes, database) is loaded
// from the built bundle in production, or through Vite in development.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import { env } from "~/platform/env.server";
import {
  logFormat,
  logger,
  redactUrl,
  requestLogLevels,
  requestLogSerializers,
} from "~/platform/logger.server";
import { drainListenersFollowCompression } from "./http/compression-drain";
import { isForeignWrite } from "./http/origin-check";
import { pageCache, type SharedPages } from "./http/page-cache";
import { privatePages } from "./http/private-pages";
import { refusalsAsPages } from "./http/refusal-status";
import { errorAnswer, securityHeaders } from "./http/security-headers";

const isDev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
process.env.NODE_ENV ??= isDev ? "development" : "production";
const config = env();
const port = config.PORT;
const shutdownDelayMs = Math.min(config.SHUTDOWN_DELAY, 8) * 1000;

type AppModule = {
  app: express.Router;
  uploads: express.RequestHandler;
  start: () => Promise<{ adminEmails: string[] }>;
  stopClaiming: () => Promise<void>;
  stop: () => Promise<void>;
  endLiveStreams: () => Promise<void>;
  ready: () => Promise<boolean>;
  pageDataGeneration: () => number | null;
  pageDataChanged: () => void;
  sharedPages: SharedPages;
};

const server = express();
server.disable("x-powered-by");
server.use(
  securityHeaders({
    dev: isDev,
    publicUrl: config.PUBLIC_URL,
    // Product images and pet photos may come from the CDN in front of the bucket.
    imageOrigins: config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [],
    // A Mercado Pago stand-in (tests, development) serves its own checkout page.
    checkoutOrigins:
      config.MERCADOPAGO_API_URL && !config.MERCADOPAGO_API_URL.includes("api.mercadopago.com")
        ? [new URL(config.MERCADOPAGO_API_URL).origin]
        : [],
  }),
);

// Health checks, ahead of the request log (a load balancer asks every few seconds).
// /healthz: the process lives. /readyz: send traffic here (database up, migrations
// applied, not draining); it answers 503 from the moment a shutdown begins.
let draining = false;
let appModule: AppModule | undefined;
server.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").type("text/plain").send("ok");
});
server.get("/readyz", async (_req, res) => {
  const ok = !draining && appModule !== undefined && (await appModule.ready());
  res
    .status(ok ? 200 : 503)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(ok ? "pronto" : draining ? "encerrando" : "indisponível");
});
// Personal data (the panel, its sheets and downloads, the order pages) is never cached.
server.use(privatePages);
// Behind a proxy (load balancer), the client IP comes from X-Forwarded-For.
server.set("trust proxy", config.TRUST_PROXY);

server.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    ...requestLogLevels,
    serializers: requestLogSerializers,
  }),
);
// Shared pages come out of the page cache already compressed (see http/page-cache.ts).
server.use(
  compression({
    filter: (req, res) => !res.locals.preCompressed && compression.filter(req, res),
  }),
);
server.use(drainListenersFollowCompression);

// The client IP as Express sees it (honouring trust proxy), for rate limits and audit.
server.use((req: Request, _res: Response, next: NextFunction) => {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "desconhecido";
  next();
});

// Writes from another origin are refused (cross-site request forgery).
// Provider notifications (POST /webhooks/mercadopago) carry no Origin and pass.
server.use((req: Request, res: Response, next: NextFunction) => {
  if (isForeignWrite(req.method, req.headers)) {
    req.log.warn({ origin: req.headers.origin }, "pedido de outra origem recusado");
    res.status(403).type("text/plain; charset=utf-8").send("Origem não permitida");
    return;
  }
  next();
});

// A browser's refused form goes out as 200 with what to fix (http/refusal-status.ts).
server.use(refusalsAsPages);

// Anonymous GETs of the public pages come from memory, compressed (http/page-cache.ts);
// ahead of the static files, which would look each page's path up on disk first.
let sharedPages: ReturnType<typeof pageCache> | undefined;
server.use((req, res, next) => (sharedPages ? sharedPages(req, res, next) : next()));

// Uploaded public files, from local disk or S3-compatible storage (the driver boot picked):
// names are generated and never reused, so they cache forever.
server.use("/uploads", (req, res, next) => {
  if (!appModule) return next();
  appModule.uploads(req, res, next);
});

if (isDev) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  const load = () => vite.ssrLoadModule("./http/app.ts") as Promise<AppModule>;
  appModule = await load();
  server.use(async (req, res, next) => {
    try {
      const fresh = await load();
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = path.resolve("build");
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    logger.fatal("build/ não encontrado: rode `npm run build` (ou `npm start`, que compila)");
    process.exit(1);
  }
  // Hashed assets never change: cache them for a year.
  server.use(
    "/assets",
    express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }),
  );
  // The other public files all have an extension (favicon.svg): a page's path skips the disk.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  server.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  appModule = (await import(path.join(buildDir, "server", "index.js"))) as unknown as AppModule;
  const pages = appModule;
  sharedPages = pageCache({
    sharedPages: pages.sharedPages,
    generation: () => pages.pageDataGeneration(),
    changed: () => pages.pageDataChanged(),
    trustProxy: server.get("trust proxy fn"),
  });
  server.use(appModule.app);
}

server.use(errorAnswer);

const app = appModule as AppModule;
let admins: string[] = [];
try {
  ({ adminEmails: admins } = await app.start());
} catch (error) {
  // A start-up the operator must fix (a weak ADMIN_PASSWORD, a read-only or full
  // DATA_DIR...) is its one pt-BR line, no stack.
  if ((error as Error).name === "StartupError") console.error((error as Error).message);
  else logger.fatal({ err: error }, "falha ao iniciar");
  process.exit(1);
}

// A page the cache holds is answered before Express: most of a shop's traffic, and the
// cheapest answer it can give (http/page-cache.ts, serveHit). Its request log is one line.
const logHits = logger.isLevelEnabled("info");
const httpServer = http.createServer((req, res) => {
  // The site's address comes from PUBLIC_URL, else from Host and the scheme; never from
  // X-Forwarded-Host, which a visitor can send: the page cache keys pages on Host, and a
  // page rendered for another host must not reach the next visitor (decision 0018).
  delete req.headers["x-forwarded-host"];
  // Stopping: each answer closes its connection after it, so no keep-alive socket outlives
  // the stop (one left open kept server.close() waiting for the force timer) and a proxy
  // never reuses a connection this instance is about to drop.
  if (draining) res.setHeader("Connection", "close");
  if (sharedPages?.serveHit(req, res)) {
    if (logHits) {
      logger.info(
        {
          req: { method: req.method, url: redactUrl(req.url ?? "") },
          res: { statusCode: res.statusCode },
        },
        "request completed",
      );
    }
    return;
  }
  server(req, res);
});
// A proxy in front (nginx's upstream keepalive) reuses idle connections to this server. If
// Node closed an idle one first (its default is 5 s), a request the proxy sends on it just
// then is reset and a POST answers 502 (nginx never retries it). So idle connections here
// outlive the proxy's: nginx keeps them 60 s (deploy/nginx/agropet.conf), Node 65 s.
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
httpServer.listen(port, () => {
  const address = `http://localhost:${port}`;
  const mode = isDev ? "desenvolvimento" : "produção";
  if (logFormat() === "json") {
    logger.info({ url: address, admins }, `Agropet Litoral em ${address} (${mode})`);
    return;
  }
  // In a terminal, one line says where the shop and its panel are and who signs in there
  // (never a password).
  const who = admins.length
    ? `administrador: ${admins.join(", ")}`
    : "nenhum administrador: defina ADMIN_EMAIL e ADMIN_PASSWORD e inicie de novo";
  console.log(
    `Agropet Litoral pronto em ${address} (${mode}); painel em ${address}/admin/login (${who})`,
  );
});

// A request still running this long after the listener closed is cut (a proxy retries an
// idempotent one elsewhere): the stop must end on its own before the force timer.
const REQUEST_GRACE_MS = 6_000;
const FORCE_EXIT_MS = shutdownDelayMs + 10_000;

let closing = false;
async function shutdownGracefully(signal: string) {
  if (closing) return;
  closing = true;
  draining = true;
  const began = Date.now();
  let stage = "pausa para o balanceador";
  logger.info({ signal }, "encerrando");
  // A safety net only: every step below ends on its own well before it, so a stop that
  // reaches it is a bug; the log says which step hung.
  const force = setTimeout(() => {
    logger.error({ stage, ms: Date.now() - began }, "encerramento demorou demais; saindo");
    process.exit(1);
  }, FORCE_EXIT_MS);
  force.unref();
  // At once, and before anything else: no job or outbox pass claims work here any more; what
  // runs finishes (while requests are still served), so no row waits for a lease to end.
  // A failure there (a pass that threw) is logged; the stop goes on.
  const claimsStopped = app
    .stopClaiming()
    .catch((error) => logger.error({ err: error }, "falha ao parar as tarefas"));
  // The proxy's idle keep-alive connections are dropped now; from here every answer closes
  // its connection (Connection: close above), so none is left to reuse when the listener goes.
  httpServer.closeIdleConnections();
  // Behind a balancer that polls /readyz, keep serving for a moment while it sees the 503
  // and stops sending new requests here.
  if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
  // The admin's live streams never finish by themselves: end them first.
  stage = "fluxos ao vivo";
  await app.endLiveStreams();
  // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
  stage = "requisições em andamento";
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  // A connection whose request ends now goes idle after the first sweep: sweep until closed.
  httpServer.closeIdleConnections();
  const sweep = setInterval(() => httpServer.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    logger.warn("requisições ainda em andamento; conexões encerradas");
    httpServer.closeAllConnections();
  }, REQUEST_GRACE_MS);
  await closed;
  clearInterval(sweep);
  clearTimeout(cut);
  stage = "tarefas em segundo plano";
  await claimsStopped;
  stage = "banco de dados e conexões";
  await app.stop();
  logger.info({ ms: Date.now() - began }, "encerrado");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdownGracefully("SIGTERM"));
process.on("SIGINT", () => void shutdownGracefully("SIGINT"));
