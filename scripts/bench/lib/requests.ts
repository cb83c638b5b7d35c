// The requests and timings of the scale bench (scale.ts): one GET as a browser sends it, the
// import preview's upload, the admin's sign-in, and the median of sequential runs.
import http from "node:http";
import { quantile } from "../harness";

export interface Timing {
  /** Median milliseconds; null when the route does not exist (optional screens). */
  p50: number | null;
  reqPerSec: number | null;
  status: number;
  ok: boolean;
}

/** One GET as a browser sends it; the body is read, not decoded. */
export function get(base: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(new URL(url, base), { headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A multipart POST as the import page sends it (same origin), with the admin's cookie. */
export async function postImportPreview(base: string, cookie: string, csv: Buffer) {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("arquivo", new File([new Uint8Array(csv)], "escala.csv", { type: "text/csv" }));
  const started = performance.now();
  const res = await fetch(`${base}/admin/importar`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: {
      cookie,
      origin: base,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
    },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Median of sequential runs after a warm-up; every answer must have an expected status. */
export async function time(
  run: (i: number) => Promise<{ status: number; ms: number }>,
  expected: (status: number) => boolean,
  { samples, warmup }: { samples: number; warmup: number },
): Promise<Timing> {
  let status = 0;
  for (let i = 0; i < warmup; i++) status = (await run(i)).status;
  if (!expected(status)) return { p50: null, reqPerSec: null, status, ok: false };
  const times: number[] = [];
  const started = performance.now();
  let ok = true;
  for (let i = 0; i < samples; i++) {
    const r = await run(warmup + i);
    times.push(r.ms);
    if (!expected(r.status)) {
      ok = false;
      status = r.status;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { p50: quantile(times, 0.5), reqPerSec: samples / seconds, status, ok };
}

/** The login form posted as its page posts it (same origin, a navigation); no redirect followed. */
export function postLogin(
  base: string,
  admin: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...admin, redirectTo: "" }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      ...headers,
    },
  });
}

/** Signs in through the login form; the session cookie(s) to send back. */
export async function signIn(
  base: string,
  admin: { email: string; password: string },
): Promise<string> {
  const res = await postLogin(base, admin);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302 || cookies.length === 0) {
    throw new Error(`login do administrador falhou (${res.status})`);
  }
  return cookies.join("; ");
}
