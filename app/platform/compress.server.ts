// The encoding a response goes out in (brotli, then gzip, as the client accepts), for the
// shared page cache (http/page-cache.ts) and the pages served without React; and one whole
// body compressed on the spot, for such a page nobody keeps (app/entry.server.tsx).
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Browsers send a handful of different Accept-Encoding values: each is read once. */
const picked = new Map<string, Encoding>();

/** The encoding to send: brotli, then gzip, as the client accepts (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const key = acceptEncoding ?? "";
  const known = picked.get(key);
  if (known) return known;
  const encoding = readAcceptEncoding(key);
  if (picked.size >= 100) picked.clear();
  picked.set(key, encoding);
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/**
 * One body compressed on the spot, in one call, for one visitor: brotli quality 3 or gzip
 * level 6, on this thread. With its size known, brotli sizes its window to the body; a
 * compression stream per response on the thread pool cost several times more CPU under
 * load (decision 0013).
 */
export function compressNow(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return zlib.gzipSync(body, { level: 6 });
  return body;
}
