import pino from "pino";

/** Structured logs (JSON lines), the same format as the request logs of server.ts. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
});
