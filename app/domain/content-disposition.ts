// The file name of a download, read back from its Content-Disposition header (the UTF-8
// `filename*` of RFC 5987 first, else the plain `filename`), for a download started
// from script (a blob URL has no name of its own).

export function attachmentFileName(header: string | null | undefined): string | null {
  if (!header || !/^\s*attachment\b/i.test(header)) return null;
  const extended = header.match(/filename\*\s*=\s*UTF-8''([^;\s]+)/i)?.[1];
  if (extended) {
    try {
      return safeName(decodeURIComponent(extended));
    } catch {
      // A broken encoding: fall back on the plain name.
    }
  }
  const plain =
    header.match(/filename\s*=\s*"([^"]*)"/i)?.[1] ??
    header.match(/filename\s*=\s*([^;\s]+)/i)?.[1];
  return plain ? safeName(plain) : null;
}

/** No folders and no control characters in a name the browser will save. */
function safeName(name: string): string | null {
  const cleaned = name
    .replace(/[\\/]/g, "-")
    .replace(/\p{Cc}/gu, "")
    .trim();
  return cleaned || null;
}
