// The cross-site write check of server.ts, on its own so it can be tested. A browser's
// write from another origin is refused; a request with no Origin and no Sec-Fetch-Site
// (a server-to-server call, such as a payment provider's notification) is not a browser
// write and passes.
export function isForeignWrite(
  method: string,
  headers: { origin?: string; "sec-fetch-site"?: string | string[]; host?: string },
): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return false;
  const origin = headers.origin;
  let foreign = headers["sec-fetch-site"] === "cross-site";
  if (origin && origin !== "null") {
    try {
      foreign ||= new URL(origin).host !== headers.host;
    } catch {
      foreign = true;
    }
  } else if (origin === "null") {
    foreign = true;
  }
  return foreign;
}
