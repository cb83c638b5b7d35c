// A local HTTP endpoint that stands for the webhook receivers the app calls (not a test file
// itself).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export interface HookCall {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Listens on 127.0.0.1 from before the first test of the file (or describe block) to after the
 * last: records every call in `calls` and answers with the status `statusFor(call)` gives (200
 * by default), reason phrase included. `base` is its `http://127.0.0.1:<port>`.
 */
export function withHookEndpoint(statusFor: (call: HookCall) => number = () => 200) {
  const endpoint = { base: "", calls: [] as HookCall[] };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const call = { path: req.url ?? "", body, headers: req.headers };
        endpoint.calls.push(call);
        const status = statusFor(call);
        res.writeHead(status, http.STATUS_CODES[status]).end(status < 400 ? "ok" : "falhou");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return endpoint;
}
