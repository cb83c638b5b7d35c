// Structured logs (JSON lines). One configuration for the request log of server.ts and the
// app's own logs: secrets never reach a log line, whatever object a caller passes.
// LOG_FORMAT=pretty writes the same records as one readable line each (a terminal); json
// (the default in production) keeps them for a log collector.
import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";

const CENSOR = "[oculto]";

/**
 * Query parameters whose values never reach a log line: the one list of them (the request
 * log and every URL a module logs go through redactUrl). A new secret link, or a page that
 * takes personal data in its address, adds its parameter here.
 */
const SECRET_PARAMS = [
  // Secret links and codes: the order page, the booking page and its calendar file.
  "token",
  "senha",
  "password",
  "codigo",
  "code",
  "secret",
  "segredo",
  // The signature of an e-mail's "parar de receber" link (/loja/pedido/:numero/emails).
  "assinatura",
  // The key of the staff's fixed-price booking link (/servicos/agendar?orcamento=…&chave=…).
  "chave",
  // The booking form's one-time key, which finds the booking it made (/servicos/agendar).
  "envio",
  // The person whose data the LGPD screens look up or export (e-mail, phone or CPF).
  "titular",
];
const SECRET_PARAM_SET = new Set(SECRET_PARAMS);

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
    if (SECRET_PARAM_SET.has(key.toLowerCase())) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

/** What the request log writes of a request and its answer: never headers or bodies. */
export const requestLogSerializers = {
  req: (req: { method?: string; url?: string }) => ({
    method: req.method,
    url: redactUrl(req.url ?? ""),
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/** The status pino-http gives a request that failed without a thrown error. */
const SYNTHESISED = /^failed with status code \d+$/;

/**
 * How the request log rates an answer: a 503 is an answer we chose (search or login flood shed,
 * database down: each logged where it is decided), so it is a warning without the stack pino-http
 * makes up for every 5xx; under a flood, thousands of made-up stacks cost the CPU the shop needs.
 */
export const requestLogLevels = {
  customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
    (err && !SYNTHESISED.test(err.message)) || (res.statusCode >= 500 && res.statusCode !== 503)
      ? ("error" as const)
      : res.statusCode >= 400
        ? ("warn" as const)
        : ("info" as const),
  customErrorObject: (
    _req: IncomingMessage,
    res: ServerResponse,
    err: Error,
    value: Record<string, unknown>,
  ) =>
    res.statusCode === 503 && SYNTHESISED.test(err.message) ? { ...value, err: undefined } : value,
};

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
