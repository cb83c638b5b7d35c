// A long streamed response behind `compression` waits for 'drain' the way React Router's
// streaming does (once, then off when settled): with http/compression-drain.ts each listener
// is gone once it fired; without it (the control) the spent wrappers stay on the zlib stream
// until Node warns of a leak (MaxListenersExceededWarning).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { drainListenersFollowCompression } from "../../http/compression-drain";

async function streamThrough(layers: RequestHandler[]) {
  const stats = { waits: 0, calls: 0, leakWarnings: 0 };
  const onWarning = (warning: Error) => {
    if (warning.name === "MaxListenersExceededWarning") stats.leakWarnings += 1;
  };
  process.on("warning", onWarning);
  const app = express();
  for (const layer of layers) app.use(layer);
  app.get("/", async (_req, res) => {
    res.type("text/plain");
    // Hard to compress, so the zlib stream fills up and asks the writer to wait.
    const chunk = crypto.randomBytes(48 * 1024).toString("base64");
    for (let i = 0; i < 60; i++) {
      if (!res.write(chunk)) {
        stats.waits += 1;
        let cleanup = () => {};
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            stats.calls += 1;
            resolve();
          };
          res.once("drain", onDrain);
          cleanup = () => res.off("drain", onDrain);
        });
        // React Router's waitForDrain takes the listener off when it settles.
        cleanup();
      }
    }
    res.end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", headers: { "accept-encoding": "br" } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve());
      })
      .on("error", reject);
  });
  server.close();
  // Warnings are emitted on the next tick.
  await new Promise((r) => setTimeout(r, 20));
  process.off("warning", onWarning);
  return stats;
}

describe("drain listeners behind compression", () => {
  it("fire once each and go away", async () => {
    const stats = await streamThrough([compression(), drainListenersFollowCompression]);
    expect(stats.waits).toBeGreaterThan(10);
    expect(stats.calls).toBe(stats.waits);
    expect(stats.leakWarnings).toBe(0);
  });

  it("(control) without the layer, the spent listeners pile up on the zlib stream", async () => {
    const stats = await streamThrough([compression()]);
    expect(stats.waits).toBeGreaterThan(10);
    expect(stats.leakWarnings).toBeGreaterThan(0);
  });
});
