// File storage. Callers speak of an area ("public": pet photos, product images, served
// under /uploads; "private": resumes, never served statically) and a key the server
// generates. Two drivers: local disk under $DATA_DIR/uploads (the default) and any
// S3-compatible service (storage-s3.server.ts), picked by the environment at boot.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import express, { type RequestHandler, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";

export type StorageArea = "public" | "private";

export interface StorageDriver {
  put(area: StorageArea, key: string, data: Uint8Array): Promise<void>;
  read(area: StorageArea, key: string): Promise<Buffer | null>;
  delete(area: StorageArea, key: string): Promise<void>;
  /**
   * Every key kept in an area (for backups), or only those under a folder prefix ending in
   * "/" (an import folder), in no particular order.
   */
  list(area: StorageArea, prefix?: string): Promise<string[]>;
  /** Serves the public area (mounted at /uploads) with long-lived cache headers. */
  servePublic: RequestHandler;
}

/** Uploaded public files get generated names that are never reused: cache them forever. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export function notFound(res: Response) {
  res.status(404).type("text/plain; charset=utf-8").send("Arquivo não encontrado");
}

export class StorageError extends Error {
  constructor(
    readonly code:
      | "too_large"
      | "too_many"
      | "too_many_pixels"
      | "wrong_type"
      | "bad_key"
      | "write_failed"
      | "bad_form",
    message: string,
  ) {
    super(message);
  }
}

/** Keys are made by the server: a few safe characters, no traversal, no absolute paths. */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-zA-Z0-9][a-zA-Z0-9_.\-/]*$/.test(key) ||
    key.includes("..") ||
    key.includes("//") ||
    key.length > 200
  ) {
    throw new StorageError("bad_key", `Nome de arquivo inválido: ${key}`);
  }
}

export function localDiskDriver(root: string): StorageDriver {
  const resolve = (area: StorageArea, key: string) => {
    assertSafeKey(key);
    const base = path.resolve(root, area);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new StorageError("bad_key", "Caminho inválido");
    return full;
  };
  const serveStatic = express.static(path.resolve(root, "public"), {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: true,
  });
  return {
    async put(area, key, data) {
      const file = resolve(area, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      // Random: two writes of one key in the same millisecond must not share a temp file.
      const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async list(area, prefix = "") {
      const base = path.resolve(root, area);
      if (prefix) assertSafeKey(prefix);
      const entries = await fs
        .readdir(path.join(base, prefix), { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
        .map((key) => key.split(path.sep).join("/"));
    },
    async read(area, key) {
      try {
        return await fs.readFile(resolve(area, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(area, key) {
      await fs.rm(resolve(area, key), { force: true });
    },
    servePublic(req, res, next) {
      serveStatic(req, res, (error) => (error ? next(error) : notFound(res)));
    },
  };
}

let driver: StorageDriver | undefined;

export function setStorage(next: StorageDriver | undefined) {
  driver = next;
}

export function storage(): StorageDriver {
  if (!driver) throw new Error("Armazenamento não inicializado: chame setStorage() primeiro.");
  return driver;
}

/** The URL a public key is served at (server.ts hands /uploads to the driver's servePublic). */
export function publicUrl(key: string): string {
  return `/uploads/${key}`;
}

/** The key behind a public URL made by `publicUrl`, or null for anything else. */
export function keyFromPublicUrl(url: string): string | null {
  return url.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
}

export type FileKind = "image" | "pdf";

const IMAGE_MIME = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/heic",
  "image/heif",
  "image/bmp",
  "image/tiff",
]);

/** What the bytes really are (magic numbers), whatever the name or the browser said. */
export async function detectKind(
  data: Uint8Array,
): Promise<{ kind: FileKind | null; mime?: string }> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return { kind: null };
  if (type.mime === "application/pdf") return { kind: "pdf", mime: type.mime };
  if (IMAGE_MIME.has(type.mime)) return { kind: "image", mime: type.mime };
  return { kind: null, mime: type.mime };
}

export async function assertKind(data: Uint8Array, expected: FileKind, message: string) {
  const { kind } = await detectKind(data);
  if (kind !== expected) throw new StorageError("wrong_type", message);
}

/**
 * Parses a multipart request keeping files in memory, with the size limits enforced by the
 * parser while it streams (a larger file is refused before it is kept).
 */
export async function parseMultipart(
  request: Request,
  limits: {
    maxFileSize: number;
    maxFiles: number;
    tooLargeMessage: string;
    tooManyMessage: string;
  },
): Promise<FormData> {
  try {
    return await parseFormData(request, {
      maxFileSize: limits.maxFileSize,
      maxFiles: limits.maxFiles,
      maxTotalSize: limits.maxFileSize * limits.maxFiles + 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new StorageError("too_large", limits.tooLargeMessage);
    }
    if (error instanceof MaxFilesExceededError) {
      throw new StorageError("too_many", limits.tooManyMessage);
    }
    // A body that claims to be multipart and is not (cut short, no boundary, a text part
    // that is not UTF-8): bad input.
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new StorageError(
        "bad_form",
        "Não foi possível ler o formulário enviado. Tente novamente.",
      );
    }
    throw error;
  }
}

/** Reads a File fully, refusing it as soon as it passes maxBytes. */
export async function readFileLimited(file: File, maxBytes: number, tooLargeMessage: string) {
  if (file.size > maxBytes) throw new StorageError("too_large", tooLargeMessage);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new StorageError("too_large", tooLargeMessage);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
