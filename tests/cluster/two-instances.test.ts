// Two instances of the built app behind nginx (round-robin, no stickiness) on one
// PostgreSQL and one S3-protocol server, as `.ci/two-instances` starts them. Run with
// `npm run test:cluster` once that is up; the addresses come from the environment.
// Each simulated client connects to nginx from its own loopback address (127.x.y.z), so
// nginx's X-Forwarded-For carries a distinct, real client IP per buyer.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerCheckout } from "../../scripts/lib/checkout-form";
import { listenSmtp } from "../../scripts/lib/smtp-server";
import { createProductThrough, env, form, multipart, send, signIn, sleep } from "./cluster-client";

const NGINX = env("CLUSTER_URL");
const INSTANCE_A = env("INSTANCE_A_URL");
const INSTANCE_B = env("INSTANCE_B_URL");
const ACCESS_LOG = env("NGINX_ACCESS_LOG");

let database: pg.Client;
let categoriaId: string;
beforeAll(async () => {
  database = new pg.Client({ connectionString: env("DATABASE_URL") });
  await database.connect();
  const { rows } = await database.query("select id from categorias order by nome limit 1");
  categoriaId = rows[0].id;
});
afterAll(async () => {
  await database?.end();
});

/**
 * Signs the admin in through `base` and creates product `${nome} ${sku}`, the SKU being
 * `skuPrefix` and six random hex digits; returns the session cookie, the SKU and the id.
 */
async function freshProduct(
  base: string,
  given: { skuPrefix: string; nome: string; precoAtual: string; estoque: string },
) {
  const cookie = await signIn(base);
  const sku = `${given.skuPrefix}-${crypto.randomBytes(3).toString("hex")}`;
  const productId = await createProductThrough(database, {
    cookie,
    base,
    categoriaId,
    fields: {
      nome: `${given.nome} ${sku}`,
      precoAtual: given.precoAtual,
      estoque: given.estoque,
      sku,
    },
  });
  return { cookie, sku, productId };
}

describe("two instances behind nginx", () => {
  it("both instances answer through nginx, in turn", async () => {
    const before = fs.readFileSync(ACCESS_LOG, "utf8").length;
    for (let i = 0; i < 6; i++) expect((await send(`${NGINX}/loja`)).status).toBe(200);
    const upstreams = new Set(
      fs
        .readFileSync(ACCESS_LOG, "utf8")
        .slice(before)
        .split("\n")
        .filter((l) => l.includes('"GET /loja '))
        .map((l) => l.split(" ").at(-1)),
    );
    expect(upstreams.size).toBe(2);
  });

  it("a checkout race spread over both instances oversells nothing, and each order's webhook is delivered exactly once", async () => {
    // A webhook receiver that answers slowly, so both outbox workers are busy at once.
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push(body);
        setTimeout(() => res.writeHead(200).end("ok"), 150);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pedidos`;
    await database.query(
      "update configuracoes set webhook_url = $1, webhook_ativo = true, webhook_servicos = null, webhook_curriculos = null where id = 1",
      [hook],
    );

    try {
      const { productId } = await freshProduct(NGINX, {
        skuPrefix: "CORRIDA",
        nome: "Ração Corrida",
        precoAtual: "10,00",
        estoque: "10",
      });

      const logStart = fs.readFileSync(ACCESS_LOG, "utf8").length;
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const reply = await send(`${NGINX}/loja/checkout`, {
            method: "POST",
            // One address per buyer: 100 different customers for the rate limits.
            from: `127.0.1.${i + 1}`,
            ...form(customerCheckout(i, productId, `Cliente Corrida ${i}`)),
          });
          return reply.status;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const byUpstream: Record<string, number> = {};
      for (const line of fs.readFileSync(ACCESS_LOG, "utf8").slice(logStart).split("\n")) {
        if (!line.includes('"POST /loja/checkout ')) continue;
        const upstream = line.split(" ").at(-1)!;
        byUpstream[upstream] = (byUpstream[upstream] ?? 0) + 1;
      }
      const created = statuses.filter((s) => s === 302).length;
      const refused = statuses.filter((s) => s === 409).length;
      // The product's only variant has its id; its stock is at the unit that delivers.
      const { rows: stock } = await database.query(
        "select sum(em_maos)::int as em_maos, sum(reservado)::int as reservado, sum(disponivel)::int as disponivel from estoque where variante_id = $1",
        [productId],
      );
      const { rows: sold } = await database.query(
        "select coalesce(sum(quantidade), 0)::int as n, count(distinct pedido_id)::int as pedidos from itens_pedido where produto_id = $1",
        [productId],
      );
      console.log(
        `[corrida] 100 checkouts de 1 unidade, estoque 10, via nginx: ${created} pedidos, ${refused} recusados (409), ` +
          `${statuses.filter((s) => s >= 500).length} 5xx, disponível depois ${stock[0].disponivel}, ` +
          `por instância ${JSON.stringify(byUpstream)}, ${seconds.toFixed(2)} s`,
      );
      expect(created).toBe(10);
      expect(refused).toBe(90);
      expect(stock[0]).toEqual({ em_maos: 10, reservado: 10, disponivel: 0 });
      expect(sold[0]).toEqual({ n: 10, pedidos: 10 });
      expect(Object.keys(byUpstream)).toHaveLength(2);
      for (const n of Object.values(byUpstream)) expect(n).toBeGreaterThanOrEqual(30);

      // Both outbox workers poll every second; wait until all ten are delivered, then
      // a few more passes, and count what the receiver got.
      const deadline = Date.now() + 30_000;
      let delivered = 0;
      while (Date.now() < deadline) {
        const { rows } = await database.query(
          "select count(*)::int as n from webhook_entregas where url = $1 and status = 'entregue'",
          [hook],
        );
        delivered = rows[0].n;
        if (delivered >= 10) break;
        await sleep(250);
      }
      await sleep(3000);
      const { rows: entregas } = await database.query(
        "select resource_id, status, tentativas from webhook_entregas where url = $1",
        [hook],
      );
      console.log(
        `[webhooks] ${entregas.length} na fila, ${delivered} entregues, ${received.length} recebidos pelo destino`,
      );
      expect(entregas).toHaveLength(10);
      for (const e of entregas) expect(e).toMatchObject({ status: "entregue", tentativas: 1 });
      expect(received).toHaveLength(10);
      expect(new Set(received).size).toBe(10);
    } finally {
      await database.query("update configuracoes set webhook_url = null where id = 1");
      await new Promise((r) => receiver.close(r));
    }
  }, 90_000);

  it("the same checkout form posted to both instances at once makes one order, so nginx may retry it on the other", async () => {
    const { productId } = await freshProduct(NGINX, {
      skuPrefix: "REPETIDO",
      nome: "Ração Repetida",
      precoAtual: "10,00",
      estoque: "5",
    });
    const fields = customerCheckout(0, productId, "Cliente Repetido");
    const replies = await Promise.all(
      [INSTANCE_A, INSTANCE_B].map((base, i) =>
        send(`${base}/loja/checkout`, {
          method: "POST",
          from: `127.0.2.${i + 1}`,
          ...form(fields),
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text().slice(0, 300)).toBe(302);
    expect(replies[0]!.headers.location).toBe(replies[1]!.headers.location);
    const { rows } = await database.query(
      "select count(*)::int as n from pedidos where idempotency_key = $1",
      [fields.idempotencyKey],
    );
    expect(rows[0].n).toBe(1);
    const { rows: stock } = await database.query(
      "select sum(reservado)::int as reservado from estoque where variante_id = $1",
      [productId],
    );
    expect(stock[0].reservado).toBe(1);
  });

  it("both instances' mail workers share the outbox: every order's confirmation reaches the SMTP server set in the admin, once", async () => {
    // The shop's SMTP server, as the admin saves it (E-mails enviados): slow to accept, so
    // both workers are busy at once.
    const subjects: string[] = [];
    const smtp = await listenSmtp({
      async onMessage({ raw }) {
        subjects.push((await simpleParser(raw)).subject ?? "");
      },
      delayMs: 100,
    });
    const port = smtp.port;
    await database.query(
      "update configuracoes set smtp_host = '127.0.0.1', smtp_porta = $1, email_remetente = 'Agropet <loja@agropet.test>' where id = 1",
      [port],
    );
    try {
      const { productId } = await freshProduct(NGINX, {
        skuPrefix: "EMAIL",
        nome: "Petisco E-mail",
        precoAtual: "12,00",
        estoque: "50",
      });
      // Each instance hears the settings change (LISTEN/NOTIFY) before the orders go in.
      await sleep(1500);
      const numbers: string[] = [];
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const reply = await send(`${NGINX}/loja/checkout`, {
            method: "POST",
            from: `127.0.2.${i + 1}`,
            ...form({
              ...customerCheckout(i, productId, `Cliente E-mail ${i}`),
              email: `cliente${i}@example.com`,
            }),
          });
          expect(reply.status).toBe(302);
        }),
      );
      const { rows: orders } = await database.query(
        "select p.numero_pedido from pedidos p join itens_pedido i on i.pedido_id = p.id where i.produto_id = $1",
        [productId],
      );
      for (const row of orders) numbers.push(row.numero_pedido);
      expect(numbers).toHaveLength(20);
      const confirmations = () =>
        subjects.filter((s) => numbers.some((n) => s === `Pedido ${n} recebido`));
      const deadline = Date.now() + 40_000;
      while (Date.now() < deadline && confirmations().length < 20) await sleep(250);
      // A few more passes of both workers: nothing is sent twice.
      await sleep(6000);
      const got = confirmations();
      console.log(
        `[e-mails] 20 pedidos pelas duas instâncias, ${got.length} confirmações recebidas`,
      );
      expect(got).toHaveLength(20);
      expect(new Set(got).size).toBe(20);
      const { rows: outbox } = await database.query(
        "select e.status, count(*)::int as n from emails e join pedidos p on p.id::text = e.resource_id and e.resource_type = 'pedido' where p.numero_pedido = any($1) group by e.status",
        [numbers],
      );
      expect(outbox).toEqual([{ status: "enviado", n: 20 }]);
    } finally {
      await database.query(
        "update configuracoes set smtp_host = null, smtp_porta = null, email_remetente = null where id = 1",
      );
      await smtp.close();
    }
  }, 90_000);

  it("a product changed through instance A shows through instance B, image included", async () => {
    const { cookie, sku, productId } = await freshProduct(INSTANCE_A, {
      skuPrefix: "AB",
      nome: "Coleira Antes",
      precoAtual: "20,00",
      estoque: "5",
    });
    // B has never rendered this page: it shows A's product at once; then B keeps it in its
    // page cache.
    const page = `${INSTANCE_B}/loja/produto/${productId}`;
    const first = await send(page);
    expect(first.status).toBe(200);
    expect(first.text()).toContain(`Coleira Antes ${sku}`);
    expect((await send(page)).headers["x-cache"]).toBe("HIT");

    // A changes name, price and image (the file goes to the shared bucket).
    const data = new FormData();
    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#c33" },
    })
      .png()
      .toBuffer();
    for (const [k, v] of Object.entries({
      intent: "product-update",
      id: productId,
      categoriaId,
      nome: `Coleira Depois ${sku}`,
      precoAtual: "23,45",
      estoque: "5",
      sku,
      ativo: "on",
    }))
      data.append(k, v);
    data.append("imagem", new File([image], "coleira.png", { type: "image/png" }));
    const body = await multipart(data);
    const update = await send(`${INSTANCE_A}/admin/loja/produtos`, {
      method: "POST",
      headers: { ...body.headers, cookie, origin: INSTANCE_A },
      body: body.body,
    });
    expect(update.status).toBeLessThan(400);

    // A search B has never answered reads the database directly: at once.
    const search = await send(`${INSTANCE_B}/loja?q=${encodeURIComponent(`Depois ${sku}`)}`);
    expect(search.text()).toContain(`Coleira Depois ${sku}`);

    // The product page B keeps in its cache is dropped when the database announces the
    // change (NOTIFY at commit, heard by B): the very next request through B shows it.
    const after = await send(page);
    console.log(`[A→B] página do produto em B logo após a mudança: ${after.headers["x-cache"]}`);
    expect(after.text()).toContain(`Coleira Depois ${sku}`);
    expect(after.text()).toContain("23,45");
    expect(after.headers["x-cache"]).toBe("MISS");

    // The new image, uploaded through A, is served by B from the bucket.
    const { rows } = await database.query("select imagem_url from produtos where id = $1", [
      productId,
    ]);
    const imageUrl = rows[0].imagem_url as string;
    expect(imageUrl).toMatch(/^\/uploads\//);
    const served = await send(`${INSTANCE_B}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
  });

  it("the real client IP (X-Forwarded-For from nginx, TRUST_PROXY) reaches the login limits and the audit log", async () => {
    const attacker = "127.0.2.1";
    const wrong = (i: number, from: string, headers: Record<string, string> = {}) => {
      const f = form({
        email: `ninguem${i}-${Date.now()}@agropet.test`,
        password: "senha-errada-1",
      });
      return send(`${NGINX}/admin/login`, {
        method: "POST",
        from,
        headers: { ...f.headers, ...headers },
        body: f.body,
      });
    };
    // Five wrong passwords from one address (different e-mails, so only the per-IP rule
    // counts; both instances answer in turn): the fifth blocks that address...
    for (let i = 0; i < 4; i++) expect((await wrong(i, attacker)).status).toBe(401);
    expect((await wrong(4, attacker)).status).toBe(429);
    // ...on whichever instance answers next.
    expect((await wrong(5, attacker)).status).toBe(429);
    expect((await wrong(6, attacker)).status).toBe(429);
    // Another client is not blocked, even when it claims the blocked address itself.
    expect((await wrong(7, "127.0.2.2")).status).toBe(401);
    expect((await wrong(8, "127.0.2.3", { "x-forwarded-for": attacker })).status).toBe(401);

    const { rows } = await database.query(
      "select ip_address, count(*)::int as n from admin_audit_log where action = 'failed_login' and ip_address like '127.0.2.%' group by ip_address order by ip_address",
    );
    expect(rows.find((r) => r.ip_address === attacker)?.n).toBeGreaterThanOrEqual(4);
    expect(rows.map((r) => r.ip_address)).toEqual(
      expect.arrayContaining(["127.0.2.1", "127.0.2.2", "127.0.2.3"]),
    );

    await signIn(NGINX, "127.0.2.4");
    const { rows: login } = await database.query(
      "select ip_address from admin_audit_log where action = 'successful_login' order by created_at desc limit 1",
    );
    expect(login[0].ip_address).toBe("127.0.2.4");
  });
});
