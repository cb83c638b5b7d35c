// What the cluster tests share (not a test file itself): the addresses .ci/two-instances
// exports, and plain HTTP requests sent from a chosen loopback address, so nginx's
// X-Forwarded-For carries a distinct, real client IP per simulated buyer.
import http from "node:http";
import type pg from "pg";
import { expect } from "vitest";

export const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} não definida: rode pelo .ci/two-instances`);
  return value;
};

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
}

/** One HTTP request (a connection of its own) from a given local address. */
export async function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
  } = {},
): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c) => chunks.push(c));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString("utf8"),
          });
        });
      },
    );
    request.on("error", reject);
    if (options.body) request.write(options.body);
    request.end();
  });
}

export const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

export async function multipart(data: FormData) {
  const encoded = new Response(data);
  return {
    headers: { "content-type": encoded.headers.get("content-type")! },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** Signs the administrator of .ci/two-instances in; returns the session cookie. */
export async function signIn(base: string, from?: string): Promise<string> {
  const reply = await send(`${base}/admin/login`, {
    method: "POST",
    from,
    ...form({ email: env("ADMIN_EMAIL"), password: env("ADMIN_PASSWORD") }),
  });
  expect(reply.status, reply.text().slice(0, 300)).toBe(302);
  const cookies = ([] as string[]).concat(reply.headers["set-cookie"] ?? []);
  const session = cookies.find((c) => c.startsWith("agropet_sessao="));
  expect(session).toBeTruthy();
  return session!.split(";")[0]!;
}

export async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

/** A product created in the admin through `base` (as the owner would); returns its id. */
export async function createProductThrough(
  database: pg.Client,
  options: { cookie: string; base: string; categoriaId: string; fields: Record<string, string> },
) {
  const { cookie, base, categoriaId, fields } = options;
  const data = new FormData();
  for (const [k, v] of Object.entries({
    intent: "product-create",
    categoriaId,
    ativo: "on",
    ...fields,
  }))
    data.append(k, v);
  const body = await multipart(data);
  const reply = await send(`${base}/admin/loja/produtos`, {
    method: "POST",
    headers: { ...body.headers, cookie, origin: base },
    body: body.body,
  });
  expect(reply.status, reply.text().slice(0, 300)).toBeLessThan(400);
  const { rows } = await database.query("select id from produtos where sku = $1", [fields.sku]);
  expect(rows).toHaveLength(1);
  return rows[0].id as string;
}
