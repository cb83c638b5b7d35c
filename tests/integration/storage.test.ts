import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curriculos } from "~/modules/careers/testing.server";
import { env, resetEnvCache } from "~/platform/env.server";
import { reencodePhoto } from "~/platform/images.server";
import {
  assertKind,
  assertSafeKey,
  detectKind,
  localDiskDriver,
  parseMultipart,
  readFileLimited,
  type StorageDriver,
  StorageError,
  setStorage,
  storage,
} from "~/platform/storage.server";
import { s3Driver } from "~/platform/storage-s3.server";
import { loader as downloadLoader } from "~/routes/admin/curriculo-download";
import { storageFromEnv } from "~/startup/boot.server";
import { type RunningS3Server, S3_TEST_CREDENTIALS, startS3Server } from "../../scripts/s3-server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { makeAdmin } from "../support/factories";
import { sendResume } from "../support/fixtures";
import { ONE_PAGE_PDF } from "../support/pdf";
import { call } from "../support/routes";

const ctx = withTestDatabase();

// The S3 driver runs against a real S3-protocol HTTP server (s3rver) started here.
let s3: RunningS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

function s3TestDriver(publicUrl?: string): StorageDriver {
  return s3Driver({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...S3_TEST_CREDENTIALS,
    publicUrl,
  });
}

const drivers: [string, () => StorageDriver][] = [
  ["disco local", () => localDiskDriver(ctx.uploadsDir)],
  ["S3 (s3rver)", () => s3TestDriver()],
];

/** An HTTP server that mounts the driver's public handler at /uploads, as server.ts does. */
async function serveUploads(driver: StorageDriver) {
  const app = express();
  app.use("/uploads", driver.servePublic);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, init?: RequestInit) =>
      fetch(`${base}${path}`, { redirect: "manual", ...init }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// A resume must open as a PDF with a page, not only start with %PDF.
const PDF = ONE_PAGE_PDF;

async function png(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
}

function multipartRequest(files: { name: string; type: string; data: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files)
    form.append("fotos", new File([Buffer.from(f.data)], f.name, { type: f.type }));
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

describe("storage", () => {
  it("tells file types by their bytes, not their names", async () => {
    expect((await detectKind(await png())).kind).toBe("image");
    expect((await detectKind(PDF)).kind).toBe("pdf");
    // A PDF called foto.png is still a PDF.
    const form = await parseMultipart(
      multipartRequest([{ name: "foto.png", type: "image/png", data: PDF }]),
      {
        maxFileSize: 1024 * 1024,
        maxFiles: 3,
        tooLargeMessage: "grande",
        tooManyMessage: "muitos",
      },
    );
    const file = form.get("fotos") as File;
    const bytes = await readFileLimited(file, 1024 * 1024, "grande");
    await expect(assertKind(bytes, "image", "Formato inválido")).rejects.toMatchObject({
      code: "wrong_type",
      message: "Formato inválido",
    });
  });

  it("refuses an oversized file while parsing, before keeping it", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(await png(), 0);
    await expect(
      parseMultipart(multipartRequest([{ name: "a.png", type: "image/png", data: big }]), {
        maxFileSize: 2 * 1024 * 1024,
        maxFiles: 3,
        tooLargeMessage: "Cada foto deve ter no máximo 10MB.",
        tooManyMessage: "muitos",
      }),
    ).rejects.toMatchObject({ code: "too_large", message: "Cada foto deve ter no máximo 10MB." });
    const file = new File([big], "a.png");
    await expect(readFileLimited(file, 1024, "grande")).rejects.toBeInstanceOf(StorageError);
  });

  it("refuses more files than allowed", async () => {
    const data = await png();
    const files = [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, type: "image/png", data }));
    await expect(
      parseMultipart(multipartRequest(files), {
        maxFileSize: 1024 * 1024,
        maxFiles: 3,
        tooLargeMessage: "grande",
        tooManyMessage: "Você pode enviar no máximo 3 fotos do pet.",
      }),
    ).rejects.toMatchObject({ code: "too_many" });
  });

  it("re-encodes photos without their EXIF/GPS metadata and caps the long side", async () => {
    const withExif = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: "#123" },
    })
      .withExif({ IFD0: { Make: "Telefone", Model: "X" }, IFD3: { GPSLatitudeRef: "S" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const out = await reencodePhoto(withExif);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(2000);
    expect(meta.format).toBe("webp");
  });
});

describe.each(drivers)("storage driver: %s", (name, makeDriver) => {
  beforeAll(() => {
    setStorage(makeDriver());
  });
  afterAll(() => {
    setStorage(localDiskDriver(ctx.uploadsDir));
  });

  it("refuses path-traversal and odd names", async () => {
    for (const key of ["../segredo.pdf", "a/../../b", "/etc/passwd", "a//b", "ç.png", ".oculto"]) {
      expect(() => assertSafeKey(key)).toThrow(StorageError);
      await expect(storage().put("public", key, PDF)).rejects.toBeInstanceOf(StorageError);
      await expect(storage().read("private", key)).rejects.toBeInstanceOf(StorageError);
    }
  });

  it("keeps public and private areas apart", async () => {
    await storage().put("private", "curriculos/x.pdf", PDF);
    expect(await storage().read("public", "curriculos/x.pdf")).toBeNull();
    expect(Buffer.compare((await storage().read("private", "curriculos/x.pdf"))!, PDF)).toBe(0);
    await storage().delete("private", "curriculos/x.pdf");
    expect(await storage().read("private", "curriculos/x.pdf")).toBeNull();
  });

  it("lists every key of an area (what backups copy), not the other area's", async () => {
    await storage().put("private", "listagem/a.pdf", PDF);
    await storage().put("private", "listagem/sub/b.pdf", PDF);
    await storage().put("public", "listagem/c.pdf", PDF);
    const priv = await storage().list("private");
    expect(priv).toEqual(expect.arrayContaining(["listagem/a.pdf", "listagem/sub/b.pdf"]));
    expect(priv).not.toContain("listagem/c.pdf");
    expect(await storage().list("public")).toContain("listagem/c.pdf");
    for (const [area, key] of [
      ["private", "listagem/a.pdf"],
      ["private", "listagem/sub/b.pdf"],
      ["public", "listagem/c.pdf"],
    ] as const)
      await storage().delete(area, key);
    expect(await storage().list("private")).not.toContain("listagem/a.pdf");
  });

  it("serves public files under /uploads with long-lived cache headers, never private ones", async () => {
    const photo = await png();
    await storage().put("public", "pet-fotos/teste-1.webp", photo);
    await storage().put("private", "curriculos/segredo.pdf", PDF);
    const http = await serveUploads(storage());
    try {
      const res = await http.get("/uploads/pet-fotos/teste-1.webp");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), photo)).toBe(0);
      const etag = res.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await http.get("/uploads/pet-fotos/teste-1.webp", {
        // A browser revalidating sends max-age=0 with its ETag.
        headers: { "if-none-match": etag!, "cache-control": "max-age=0" },
      });
      expect(again.status).toBe(304);
      // The private area is out of reach, by its key or by climbing out of public/.
      for (const path of [
        "/uploads/curriculos/segredo.pdf",
        "/uploads/../private/curriculos/segredo.pdf",
        "/uploads/%2e%2e/private/curriculos/segredo.pdf",
        "/uploads/nao-existe.webp",
      ]) {
        const refused = await http.get(path);
        expect(refused.status, path).toBe(404);
        expect(await refused.text()).not.toContain("%PDF");
      }
    } finally {
      await http.close();
    }
  });

  it("keeps a submitted resume private and hands it only to a signed-in admin", async () => {
    const email = `joana-${name.replace(/[^a-z0-9]/gi, "").toLowerCase()}@example.com`;
    await sendResume(
      {
        nomeCompleto: "Joana Prado",
        email,
        telefone: "(47) 99999-3333",
        vaga: "caixa",
        mensagem: "Experiência em balcão.",
      },
      PDF,
      "10.9.0.1",
    );
    const [row] = await ctx.database.db
      .select()
      .from(curriculos)
      .where(eq(curriculos.email, email));
    expect(row?.curriculoUrl).toBe(`private:curriculos/${row!.id}.pdf`);
    expect(await storage().read("public", `curriculos/${row!.id}.pdf`)).toBeNull();

    const path = `/admin/curriculos/${row!.id}/download`;
    const anonymous = (await call(downloadLoader, makeRequest(path), { id: row!.id })).response!;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/admin/login");

    const { token } = await makeAdmin();
    const ok = (
      await call(downloadLoader, makeRequest(path, { token }), {
        id: row!.id,
      })
    ).response!;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    // Only ever a download: never rendered in the admin's browser, never sniffed as HTML.
    expect(ok.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.compare(Buffer.from(await ok.arrayBuffer()), PDF)).toBe(0);
  });
});

describe("S3 driver with S3_PUBLIC_URL (a CDN in front of the bucket)", () => {
  it("redirects /uploads to the public address for good and stores the cache headers on the object", async () => {
    const driver = s3TestDriver("https://cdn.agropet.test/");
    await driver.put("public", "produtos/abc-640.webp", await png());
    const http = await serveUploads(driver);
    try {
      const res = await http.get("/uploads/produtos/abc-640.webp");
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(
        "https://cdn.agropet.test/public/produtos/abc-640.webp",
      );
      expect(res.headers.get("cache-control")).toMatch(/immutable/);
    } finally {
      await http.close();
    }
    // What the CDN would serve: the object itself carries the long-lived headers.
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}/public/produtos/abc-640.webp`);
    expect(direct.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
    expect(direct.headers.get("content-type")).toBe("image/webp");
  });
});

describe("the driver boot picks from the environment", () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
    resetEnvCache();
  });

  it("S3_BUCKET sends files to the bucket; without it they go to $DATA_DIR/uploads", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-env-"));
    try {
      Object.assign(process.env, {
        DATA_DIR: dataDir,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
      });
      resetEnvCache();
      await (await storageFromEnv(env())).put("private", "curriculos/env.pdf", PDF);
      expect(await s3TestDriver().read("private", "curriculos/env.pdf")).toEqual(PDF);
      expect(fs.existsSync(path.join(dataDir, "uploads", "private", "curriculos", "env.pdf"))).toBe(
        false,
      );

      process.env.S3_BUCKET = "";
      resetEnvCache();
      await (await storageFromEnv(env())).put("private", "curriculos/disco.pdf", PDF);
      expect(
        fs.readFileSync(path.join(dataDir, "uploads", "private", "curriculos", "disco.pdf")),
      ).toEqual(PDF);
      expect(await s3TestDriver().read("private", "curriculos/disco.pdf")).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
