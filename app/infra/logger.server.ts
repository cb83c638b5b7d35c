// Structured logs (JSON lines). One configuration for the request log of server.ts and the
// app's own logs: secrets never reach a log line, whatever object a caller passes.
import pino from "pino";

const CENSOR = "[oculto]";

/** Query parameters whose values are secrets (order page token, reset links, codes). */
const SECRET_PARAMS = /^(token|senha|password|codigo|code|secret|segredo)$/i;

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

export const logger = pino(logOptions);
