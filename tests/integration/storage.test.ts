import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reencodePhoto } from "~/server/images.server";
import {
  assertKind,
  assertSafeKey,
  detectKind,
  parseMultipart,
  readFileLimited,
  StorageError,
  storage,
} from "~/server/storage.server";
import { withTestDatabase } from "../setup/db";

withTestDatabase();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

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

  it("refuses path-traversal and odd names", async () => {
    for (const key of ["../segredo.pdf", "a/../../b", "/etc/passwd", "a//b", "ç.png", ".oculto"]) {
      expect(() => assertSafeKey(key)).toThrow(StorageError);
      await expect(storage().put("public", key, PDF)).rejects.toBeInstanceOf(StorageError);
    }
  });

  it("keeps public and private areas apart", async () => {
    await storage().put("private", "curriculos/x.pdf", PDF);
    expect(await storage().read("public", "curriculos/x.pdf")).toBeNull();
    expect(Buffer.compare((await storage().read("private", "curriculos/x.pdf"))!, PDF)).toBe(0);
    await storage().delete("private", "curriculos/x.pdf");
    expect(await storage().read("private", "curriculos/x.pdf")).toBeNull();
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
