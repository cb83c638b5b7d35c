// Faults that pass answer 503 in Portuguese, never a 500 nor React Router's English
// "Unexpected Server Error": the built server on a disk that fills up (a small tmpfs as
// DATA_DIR, PGlite), on a PostgreSQL that goes away (behind a TCP relay the test cuts),
// and at start-up on a read-only or full DATA_DIR. /readyz follows, and recovers without
// a restart. The mounts need root (CI runs as root); without it those tests are skipped.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-postgres";
import { checkoutForm } from "../support/factories";
import { startOwnServer } from "../support/own-server";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 22;
const base = `http://127.0.0.1:${PORT}`;
const isRoot = process.getuid?.() === 0;
const pgServerUrl = process.env.E2E_PG_SERVER_URL || process.env.DATABASE_URL;
const PT_BR = /instabilidade momentânea/;

function mountTmpfs(sizeMb: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-disco-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir]);
  return dir;
}

function unmount(dir: string) {
  try {
    execFileSync("umount", ["-l", dir]);
  } catch {}
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Fills the disk of `dir` to the last byte; returns the file that took it. */
function fillDisk(dir: string): string {
  const file = path.join(dir, "enchimento");
  const fd = fs.openSync(file, "w");
  const chunk = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
  // The last partial megabyte, byte-sized, so that nothing is left at all.
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(4096, 1));
  } catch {}
  fs.closeSync(fd);
  return file;
}

async function waitForStatus(url: string, status: number, ms = 30_000) {
  const until = Date.now() + ms;
  let last = 0;
  while (Date.now() < until) {
    last = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}: esperava ${status}, veio ${last}`);
}

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  };
}

/** What a fault must look like: 503, Retry-After, the pt-BR sentence, no stack, no English. */
async function expectUnavailable(response: Response, what: string) {
  const body = await response.text();
  expect(response.status, `${what}: ${body.slice(0, 300)}`).toBe(503);
  expect(Number(response.headers.get("retry-after")), what).toBeGreaterThan(0);
  expect(body, what).toMatch(PT_BR);
  expect(body, what).not.toMatch(/Unexpected Server Error|Internal Server Error|\bat .+\.js:\d+/);
}

async function aPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText("Ana Lima - currículo");
  return pdf.save();
}

async function firstProductId(): Promise<string> {
  const listing = await fetch(`${base}/loja`).then((r) => r.text());
  const id = /href="\/loja\/produto\/([^"]+)"/.exec(listing)?.[1];
  expect(id, "a loja lista produtos").toBeTruthy();
  return id!;
}

/** The writes and reads of a visitor, all expected to answer 503 in pt-BR. */
async function expectVisitorWritesUnavailable(productId: string) {
  await expectUnavailable(
    await fetch(`${base}/loja/checkout`, form(checkoutForm(`${productId}:1`))),
    "checkout",
  );
  const contato = { nome: "Ana Lima", telefone: "(47) 99999-1234", mensagem: "Vocês têm ração?" };
  // The form's script (JSON) and the form without JavaScript (a document POST).
  await expectUnavailable(await fetch(`${base}/contato/enviar`, form(contato)), "contato (JSON)");
  await expectUnavailable(await fetch(`${base}/contato`, form(contato)), "contato (página)");
}

test.describe("faults answer 503 in Portuguese", () => {
  test.describe.configure({ mode: "serial" });

  test("disk full (PGlite on a small tmpfs): 503 + Retry-After, /readyz 503, back without restart", async () => {
    test.skip(!isRoot, "montar um tmpfs pede root");
    test.setTimeout(180_000);
    const disk = mountTmpfs(160);
    const server = startOwnServer(PORT, {
      DATA_DIR: path.join(disk, "dados"),
      DATABASE_URL: undefined,
      LOG_LEVEL: "warn",
    });
    try {
      await server.ready();
      const productId = await firstProductId();
      const filler = fillDisk(disk);

      await waitForStatus(`${base}/readyz`, 503, 10_000);
      await expectVisitorWritesUnavailable(productId);
      // A resume: the database row and the file on the same full disk.
      const resume = new FormData();
      for (const [name, value] of Object.entries({
        nomeCompleto: "Ana Lima",
        email: "ana@example.com",
        telefone: "(47) 99999-1234",
        vaga: "vendedor",
        mensagem: "Tenho experiência com pet shop.",
      })) {
        resume.append(name, value);
      }
      resume.append(
        "curriculo",
        new File([Buffer.from(await aPdf())], "curriculo.pdf", { type: "application/pdf" }),
      );
      await expectUnavailable(
        await fetch(`${base}/trabalhe-conosco/enviar`, { method: "POST", body: resume }),
        "currículo",
      );
      // Reads still work: the store's search answers.
      expect((await fetch(`${base}/loja?q=ra%C3%A7%C3%A3o`)).status).toBe(200);
      expect(server.output()).not.toMatch(/Unexpected Server Error/);

      fs.rmSync(filler);
      await waitForStatus(`${base}/readyz`, 200);
      const order = await fetch(`${base}/loja/checkout`, form(checkoutForm(`${productId}:1`)));
      expect(order.status, await order.text()).toBe(302);
      expect(order.headers.get("location")).toBe("/loja");
    } finally {
      await server.stop();
      unmount(disk);
    }
  });

  test("PostgreSQL out of reach: search, checkout, contact and login answer 503; back without restart", async () => {
    test.skip(!pgServerUrl, "sem PostgreSQL (E2E_PG_SERVER_URL)");
    test.setTimeout(180_000);
    const throwaway = await createThrowawayDatabase(pgServerUrl!, "falhas");
    const target = new URL(throwaway.url);
    // A relay between the app and PostgreSQL: closing it is PostgreSQL going away (open
    // connections dropped, new ones refused), opening it again is PostgreSQL back.
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    const relayPort = PORT + 1;
    const listen = () => new Promise<void>((r) => relay.listen(relayPort, "127.0.0.1", r));
    await listen();
    const viaRelay = new URL(throwaway.url);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relayPort);
    const server = startOwnServer(PORT, {
      DATA_DIR: path.join(os.tmpdir(), `agropet-falhas-${Date.now()}`),
      DATABASE_URL: viaRelay.toString(),
      LOG_LEVEL: "warn",
    });
    try {
      await server.ready();
      const productId = await firstProductId();

      await new Promise<void>((r) => {
        relay.close(() => r());
        for (const s of sockets) s.destroy();
      });
      await waitForStatus(`${base}/readyz`, 503, 10_000);
      await expectUnavailable(await fetch(`${base}/loja?q=ra%C3%A7%C3%A3o`), "busca da loja");
      await expectUnavailable(await fetch(`${base}/loja/produto/${productId}`), "produto");
      await expectVisitorWritesUnavailable(productId);
      await expectUnavailable(
        await fetch(
          `${base}/admin/login`,
          form({ email: "dono@agropet.test", password: "uma-senha-qualquer-123" }),
        ),
        "login",
      );
      expect(server.output()).not.toMatch(/Unexpected Server Error/);

      await listen();
      await waitForStatus(`${base}/readyz`, 200);
      const order = await fetch(`${base}/loja/checkout`, form(checkoutForm(`${productId}:1`)));
      expect(order.status, await order.text()).toBe(302);
    } finally {
      await server.stop();
      relay.close();
      for (const s of sockets) s.destroy();
      await throwaway.drop();
    }
  });

  test("start-up on a read-only or a full DATA_DIR says so in one pt-BR line", async () => {
    test.skip(!isRoot, "montar um tmpfs pede root");
    test.setTimeout(240_000);
    const readOnly = mountTmpfs(8);
    // Room for the start-up's first writes, not for the embedded database's 40 MB: the
    // disk fills while PGlite creates its files.
    const full = mountTmpfs(8);
    try {
      execFileSync("mount", ["-o", "remount,ro", readOnly]);
      for (const [disk, sentence] of [
        [readOnly, /somente leitura/],
        [full, /Sem espaço em disco/],
      ] as const) {
        const dataDir = path.join(disk, "dados");
        const server = startOwnServer(PORT, {
          DATA_DIR: dataDir,
          DATABASE_URL: undefined,
          LOG_LEVEL: "warn",
        });
        // It gives up by itself (ready() rejects as soon as the process exits).
        await expect(server.ready(90_000)).rejects.toThrow(/não subiu/);
        await server.stop();
        const output = server.output();
        expect(output, output).toMatch(sentence);
        expect(output).toContain("DATA_DIR");
        // One line, no stack, no raw errno.
        expect(
          output
            .trim()
            .split("\n")
            .filter((l) => /DATA_DIR/.test(l)),
        ).toHaveLength(1);
        expect(output).not.toMatch(/ErrnoError|ENOENT|\n\s+at /);
        expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
      }
    } finally {
      unmount(readOnly);
      unmount(full);
    }
  });
});
