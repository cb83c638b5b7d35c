// Environment variables are read once, here, and validated with zod.
import path from "node:path";
import { z } from "zod";

/** An empty variable (`PORT= npm start`) means unset, as it did before this module read it. */
const unsetIfEmpty = (v: unknown) => (v === "" ? undefined : v);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().default(3000)),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /** Seconds a stopping server keeps answering while the balancer notices (at most 8). */
  SHUTDOWN_DELAY: z.preprocess(unsetIfEmpty, z.coerce.number().min(0).default(0)),
  /** Which proxies Express trusts for X-Forwarded-For (Express's `trust proxy` setting). */
  TRUST_PROXY: z.string().default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seconds between two passes of the webhook outbox worker; 0 turns the worker off. */
  WEBHOOK_WORKER_INTERVAL: z.coerce.number().min(0).default(5),
  /**
   * E-mail over SMTP: a URL (`smtps://user:password@smtp.example.com:465`) or its parts.
   * With neither, messages are kept as .eml files under $DATA_DIR/mail.
   */
  SMTP_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  SMTP_HOST: z.preprocess(unsetIfEmpty, z.string().optional()),
  SMTP_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().optional()),
  SMTP_USER: z.preprocess(unsetIfEmpty, z.string().optional()),
  SMTP_PASSWORD: z.preprocess(unsetIfEmpty, z.string().optional()),
  /**
   * Lets the SMTP server saved in the admin be on a private, link-local or loopback address
   * (a relay in the shop's own network), on any port. Off: only public mail servers.
   */
  SMTP_ALLOW_PRIVATE_HOSTS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  /** The sender of every message: `Agropet Litoral <pedidos@agropetlitoral.com.br>`. */
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** Seconds between two passes of the e-mail outbox worker; 0 turns the worker off. */
  MAIL_WORKER_INTERVAL: z.coerce.number().min(0).default(5),
  /** Where `npm run backup` and the daily automatic backup write; automatic only when set. */
  BACKUP_DIR: z.string().optional(),
  /**
   * The phrase backups seal the two-step secrets with, so a restore on another machine can
   * open them (`npm run backup -- --passphrase-file` wins); decision 0019.
   */
  BACKUP_PASSPHRASE: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** How many automatic backups to keep (the oldest beyond that are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** With a bucket, uploads go to that S3-compatible service instead of $DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional().or(z.literal("")),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  S3_PUBLIC_URL: z.string().url().optional().or(z.literal("")),
  /** Online Pix (Mercado Pago): when set, these win over the values saved in the settings. */
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  /** The API's address; tests point it at a local server. */
  MERCADOPAGO_API_URL: z.string().url().default("https://api.mercadopago.com"),
  /** The CEP services the checkout asks (decision 0041); tests point them at a local server. */
  CEP_VIACEP_URL: z.string().url().default("https://viacep.com.br"),
  CEP_BRASILAPI_URL: z.string().url().default("https://brasilapi.com.br"),
  /** Milliseconds each CEP service gets before the next one is asked (then manual entry). */
  CEP_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2500),
  /** Seconds between two passes asking the provider about pending charges; 0 turns it off. */
  PAYMENT_RECONCILE_INTERVAL: z.coerce.number().min(0).default(300),
  /**
   * The first start's shop: 1 (default) opens with the demo shop (products, coupons,
   * neighbourhoods, a made-up company); 0 starts empty. Read only by the first start of a
   * database (decision 0057).
   */
  DEMO_DATA: z.preprocess(unsetIfEmpty, z.enum(["0", "1"]).default("1")),
  /** Seconds between recounts of "mais vendidos" (0: never). */
  BEST_SELLERS_INTERVAL: z.coerce.number().min(0).default(600),
  /**
   * Uncached store searches one instance starts per second, all addresses together (burst:
   * three seconds' worth, at least 20); 0 lifts this cap (decision 0054). Benches that time
   * cold renders one after another raise it.
   */
  SEARCH_RATE_PER_SECOND: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().min(0).max(10_000).default(6),
  ),
});

export type Env = z.infer<typeof schema> & { dataDir: string };

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.parse(process.env);
    cached = {
      ...parsed,
      DATABASE_URL: parsed.DATABASE_URL || undefined,
      dataDir: path.resolve(parsed.DATA_DIR),
    };
  }
  return cached;
}

/** Tests change the environment between files. */
export function resetEnvCache() {
  cached = undefined;
}
