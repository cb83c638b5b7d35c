// Pages with personal data are never kept by a browser or a proxy (issue 39): every
// answer under /admin (the panel, its print sheets, downloads, exports and their errors)
// the customer's order pages (reached by its secret link or by number and phone) and account.
// One rule here instead of one header per route: a route added later (a new print sheet,
// a new download) is covered without remembering it. The grooming booking's own page
// sets its header itself.
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

const PRIVATE_PATHS = [
  /^\/admin(?:\/|$)/,
  /^\/loja\/pedido\//,
  /^\/loja\/acompanhar(?:\/|$)/,
  // The customer's account (issue 42): their orders, pets, addresses, data.
  /^\/conta(?:\/|$)/,
];
const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Whether `path` (without its query) is a page of personal data. */
function isPrivatePath(path: string): boolean {
  return PRIVATE_PATHS.some((p) => p.test(path));
}

/**
 * Sets `Cache-Control: private, no-store` on every answer of a private path, whatever the
 * route or an error handler set, as the headers leave (writeHead).
 */
export function privatePages(req: Request, res: Response, next: NextFunction) {
  if (isPrivatePath(req.path)) {
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      // writeHead(status, [message], headers): headers given here win over setHeader's.
      for (const arg of args) {
        if (arg && typeof arg === "object" && !Array.isArray(arg)) {
          const headers = arg as Record<string, unknown>;
          for (const key of Object.keys(headers)) {
            if (key.toLowerCase() === "cache-control") delete headers[key];
          }
        }
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
  }
  next();
}
