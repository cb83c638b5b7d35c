// Structured logs (JSON lines). One configuration for the request log of server.ts and the
// app's own logs: secrets never reach a log line, whatever object a caller passes.
// LOG_FORMAT=pretty writes the same records as one readable line each (a terminal); json
// (the default in production) keeps them for a log collector.
import pino from "pino";

const CENSOR = "[oculto]";

/**
 * Query parameters whose values are secrets (order page token, reset links, codes; a booking
 * quote link's `chave` and the booking form's one-time `envio` key, which finds its booking).
 */
const SECRET_PARAMS = /^(token|senha|password|codigo|code|secret|segredo|chave|envio)$/i;

/** Keys whose values are secrets, at any depth pino's redaction reaches. */
const SECRET_KEYS = [
  "password",
  "senha",
  "senhaAtual",
  "novaSenha",
  "confirmacao",
  "token",
  "codigo",
  "totpSecret",
  "secret",
  "cookie",
  "authorization",
  "set-cookie",
  "codigosRecuperacao",
  "codes",
];

const redactPaths = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/** A URL as logged: secret query values replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.test(key)) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

const logOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths: redactPaths, censor: CENSOR },
};

/** How logs are written: LOG_FORMAT, else JSON in production and readable lines elsewhere. */
export function logFormat(): "json" | "pretty" {
  const asked = process.env.LOG_FORMAT;
  if (asked === "json" || asked === "pretty") return asked;
  return process.env.NODE_ENV === "production" ? "json" : "pretty";
}

const LEVELS: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "aviso",
  50: "erro",
  60: "fatal",
};
const PLUMBING = new Set(["level", "time", "pid", "hostname", "msg"]);

/** One record (already redacted by pino) as a line: time, level, message, other fields. */
function prettyLine(json: string): string {
  try {
    const record = JSON.parse(json) as Record<string, unknown>;
    const time = new Date(Number(record.time)).toTimeString().slice(0, 8);
    const rest = Object.entries(record).filter(([key]) => !PLUMBING.has(key));
    const fields = rest.length ? ` ${JSON.stringify(Object.fromEntries(rest))}` : "";
    const level = LEVELS[Number(record.level)] ?? String(record.level);
    return `${time} ${level} ${String(record.msg ?? "")}${fields}\n`;
  } catch {
    return json;
  }
}

export const logger =
  logFormat() === "pretty"
    ? pino(logOptions, { write: (line: string) => process.stdout.write(prettyLine(line)) })
    : pino(logOptions);
