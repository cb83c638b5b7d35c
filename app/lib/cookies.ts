// Reading one cookie out of a request's Cookie header, the same way on the server (session,
// signed cookies) and in shared code (the admin sidebar's state).

/** The value of `name` in a Cookie header, percent-decoded; null when absent or unreadable. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let raw = part.slice(eq + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}
