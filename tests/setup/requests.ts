// Building requests for loaders and actions in integration tests.
import { sessionCookie } from "~/modules/accounts/index.server";

export function makeRequest(
  path: string,
  init: RequestInit & { token?: string; ip?: string } = {},
): Request {
  const headers = new Headers(init.headers);
  headers.set("x-client-ip", init.ip ?? "127.0.0.1");
  if (!headers.has("user-agent")) headers.set("user-agent", "vitest");
  const url = `http://localhost${path}`;
  if (init.token) {
    const cookie = sessionCookie(init.token, new Request(url)).split(";")[0]!;
    headers.set("cookie", [headers.get("cookie"), cookie].filter(Boolean).join("; "));
  }
  return new Request(url, { ...init, headers });
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  init: { token?: string; ip?: string } = {},
) {
  return makeRequest(path, { method: "POST", body: new URLSearchParams(fields), ...init });
}
