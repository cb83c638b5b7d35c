// The storage driver for any S3-compatible service (AWS S3, Cloudflare R2, MinIO,
// Backblaze B2...), on the official AWS SDK client. One bucket holds both areas under
// the prefixes `public/` and `private/`. Nothing is ever written with a public ACL:
// private files (resumes, import uploads) are read only by the server, and public ones
// reach visitors through /uploads (streamed by the app) or, with S3_PUBLIC_URL, through
// a CDN or bucket policy that the operator opens for the `public/` prefix alone.
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { RequestHandler } from "express";
import {
  assertSafeKey,
  IMMUTABLE_CACHE,
  notFound,
  type StorageArea,
  type StorageDriver,
  StorageError,
} from "~/platform/storage.server";

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Where the bucket's objects are public (CDN); /uploads then redirects there. */
  publicUrl?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  pdf: "application/pdf",
};

function contentType(key: string): string {
  const ext = key.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export function s3Driver(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    region: settings.region || "us-east-1",
    endpoint: settings.endpoint || undefined,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Some S3-compatible services refuse the newer default checksums on PUT.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const objectKey = (area: StorageArea, key: string) => {
    assertSafeKey(key);
    return `${area}/${key}`;
  };
  const publicBase = settings.publicUrl?.replace(/\/+$/, "");

  const servePublic: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return notFound(res);
    let Key: string;
    try {
      Key = objectKey("public", decodeURIComponent(req.path.slice(1)));
    } catch {
      return notFound(res);
    }
    res.setHeader("Cache-Control", IMMUTABLE_CACHE);
    // Keys are never reused, so the redirect itself may be cached for as long as the file.
    if (publicBase) return res.redirect(301, `${publicBase}/${Key}`);
    try {
      const ifNoneMatch = req.headers["if-none-match"];
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key, IfNoneMatch: ifNoneMatch || undefined }),
      );
      res.setHeader("Content-Type", object.ContentType || contentType(Key));
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (object.ETag) res.setHeader("ETag", object.ETag);
      if (object.ContentLength !== undefined)
        res.setHeader("Content-Length", String(object.ContentLength));
      const body = object.Body as Readable;
      if (req.method === "HEAD") {
        body.destroy();
        return res.end();
      }
      await pipeline(body, res);
    } catch (error) {
      const code = status(error);
      if (code === 304) return res.status(304).end();
      if (code === 404 || code === 403) return notFound(res);
      if (res.headersSent) return res.destroy();
      next(error);
    }
  };

  return {
    async put(area, key, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(area, key),
            Body: data,
            ContentType: contentType(key),
            CacheControl: area === "public" ? IMMUTABLE_CACHE : "private, no-store",
          }),
        );
      } catch (error) {
        if (error instanceof StorageError) throw error;
        throw new StorageError("write_failed", `Falha ao gravar ${key}: ${String(error)}`);
      }
    },
    async read(area, key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(area, key) }),
        );
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (status(error) === 404) return null;
        throw error;
      }
    },
    async delete(area, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(area, key) }));
    },
    async list(area, prefix = "") {
      const keys: string[] = [];
      let Marker: string | undefined;
      do {
        // ListObjects (v1) with a marker: every S3-compatible service speaks it.
        const page = await client.send(
          new ListObjectsCommand({ Bucket, Prefix: `${area}/${prefix}`, Marker }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key?.startsWith(`${area}/`)) keys.push(object.Key.slice(area.length + 1));
        }
        Marker = page.IsTruncated ? contents.at(-1)?.Key : undefined;
      } while (Marker);
      return keys;
    },
    servePublic,
  };
}
