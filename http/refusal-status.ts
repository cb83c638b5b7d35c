// A form the server refuses (a field to fix, a wrong password, an order number not found,
// stock that ran out, too many tries) is answered to a browser with status 200: the page or
// the action data says what is wrong, and the browser's console no longer logs the round
// trip as "Failed to load resource" (issue 27, point 3; decision 0042). Clients that are not
// browsers (scripts, a provider's notification, the tests that call the server) keep the
// status the action chose. The status the action chose travels in REFUSAL_HEADER.
import type { NextFunction, Request, Response } from "express";

/** The statuses of a refused form: what the visitor can read and act on. */
const REFUSALS = new Set([400, 401, 404, 409, 413, 422, 429]);

export const REFUSAL_HEADER = "X-Refusal-Status";

/**
 * Whether a request was a browser's form submission: a write with an Origin or a
 * Sec-Fetch-Site, the headers the origin check reads (every current browser sends Origin on
 * a POST; curl, a provider's server and Node's fetch send neither, though Node's fetch does
 * send Sec-Fetch-Mode).
 */
export function isBrowserWrite(
  method: string,
  headers: { origin?: string; "sec-fetch-site"?: string | string[] },
): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return false;
  return Boolean(headers.origin || headers["sec-fetch-site"]);
}

/** The status a browser's form submission is answered with, for the one the action chose. */
export function browserStatus(status: number): number {
  return REFUSALS.has(status) ? 200 : status;
}

/** Express middleware: a browser write's refusal goes out as 200 (see above). */
export function refusalsAsPages(req: Request, res: Response, next: NextFunction) {
  if (!isBrowserWrite(req.method, req.headers)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    const sent = browserStatus(status);
    if (sent !== status) {
      this.setHeader(REFUSAL_HEADER, String(status));
      this.statusCode = sent;
      this.statusMessage = "OK";
      // A reason phrase given with the status belongs to the status it replaces.
      if (typeof rest[0] === "string") rest.shift();
    }
    return (writeHead as (...args: unknown[]) => Response).call(this, sent, ...rest);
  } as Response["writeHead"];
  next();
}
