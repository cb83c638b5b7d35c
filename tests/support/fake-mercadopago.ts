// A local HTTP server that answers as Mercado Pago's payments API does (the parts the app
// uses): POST /v1/payments (Pix, with X-Idempotency-Key), GET /v1/payments/{id},
// PUT /v1/payments/{id} (status 'cancelled'), POST /v1/payments/{id}/refunds (whole, or
// partial with an amount), GET /v1/payments/search?external_reference=, and Checkout Pro:
// POST /checkout/preferences and its hosted page GET /checkout/{id} (a form where the test
// chooses approve / pending / reject and the installments; POST pays, sends the signed
// notification to notification_url and redirects to back_urls). Tests change a payment's
// status with setStatus, and may have refunds accepted but left pending.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  description: string;
  external_reference: string | null;
  date_of_expiration: string;
  date_approved: string | null;
  payer: { email: string };
  payment_type_id?: string;
  payment_method_id?: string;
  installments?: number;
  transaction_amount_refunded?: number;
  date_created?: string;
  /** Pix only: a card payment leaves it out (typed as always there, for the Pix tests). */
  point_of_interaction: {
    type: "PIX";
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export interface FakePreference {
  id: string;
  init_point: string;
  items: { title: string; quantity: number; unit_price: number }[];
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  notification_url: string | null;
  payment_methods: { installments: number; default_installments?: number };
  expiration_date_to: string | null;
  payer: { email: string };
}

/** What the hosted page's "Pagar" did: the payment, and the notification it sent. */
export interface FakeCardPayment {
  payment: FakePayment;
  notification: { url: string; headers: Record<string, string>; body: string } | null;
  delivered: number | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  requests: FakeRequest[];
  payments: Map<number, FakePayment>;
  preferences: Map<string, FakePreference>;
  /** Payments made on the hosted page, in order. */
  cardPayments: FakeCardPayment[];
  /** The secret notifications are signed with (null: none sent). */
  setWebhookSecret(secret: string | null): void;
  /**
   * Where the hosted page sends notifications instead of the preference's notification_url
   * (the e2e app's base URL); null: only recorded, the test delivers them.
   */
  setNotifyBase(base: string | null): void;
  /** Pays a preference as its hosted page does (the same form post), without a browser. */
  payPreference(
    id: string,
    choice: { resultado: "approved" | "in_process" | "rejected"; parcelas?: number },
  ): Promise<{ location: string; payment: FakePayment }>;
  setStatus(id: number | string, status: string, detail?: string): void;
  /** The next N requests answer 500 (the API is down). */
  failNext(n: number): void;
  /**
   * Refunds are accepted (201, refund 'in_process') but the payment stays approved until
   * the test settles it with setStatus(id, "refunded").
   */
  delayRefunds(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A payment notification as Mercado Pago sends it, signed with `secret`: the path (data.id
 * and type in the query) and the request's method, headers and body.
 */
export function signedPaymentNotice(secret: string, dataId: string) {
  const ts = String(Math.floor(Date.now() / 1000));
  const requestId = crypto.randomUUID();
  const v1 = crypto
    .createHmac("sha256", secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest("hex");
  return {
    path: `/webhooks/mercadopago?data.id=${dataId}&type=payment`,
    init: {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-request-id": requestId,
        "x-signature": `ts=${ts},v1=${v1}`,
      },
      body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: dataId } }),
    },
  };
}

export async function startFakeMercadoPago(
  accessToken = "TEST-token-123",
): Promise<FakeMercadoPago> {
  const payments = new Map<number, FakePayment>();
  const byKey = new Map<string, number>();
  const requests: FakeRequest[] = [];
  let nextId = 1_300_000_001;
  let failures = 0;
  let refundsDelayed = false;
  const preferences = new Map<string, FakePreference>();
  const refundByKey = new Map<string, Record<string, unknown>>();
  const prefByKey = new Map<string, string>();
  const cardPayments: FakeCardPayment[] = [];
  let webhookSecret: string | null = null;
  let notifyBase: string | null = null;
  let selfUrl = "";

  const page = (res: http.ServerResponse, status: number, html: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
  };

  async function pay(
    pref: FakePreference,
    resultado: string,
    parcelas: number,
  ): Promise<{ location: string; payment: FakePayment }> {
    const id = nextId++;
    const amount = pref.items.reduce((a, i) => a + i.quantity * i.unit_price, 0);
    const status = ["approved", "in_process", "rejected"].includes(resultado)
      ? resultado
      : "rejected";
    const now = new Date().toISOString();
    const payment: FakePayment = {
      id,
      status,
      status_detail:
        status === "approved"
          ? "accredited"
          : status === "in_process"
            ? "pending_review_manual"
            : "cc_rejected_other_reason",
      transaction_amount: Math.round(amount * 100) / 100,
      description: pref.items[0]?.title ?? "",
      external_reference: pref.external_reference,
      date_of_expiration: "",
      date_approved: status === "approved" ? now : null,
      date_created: now,
      payer: { email: pref.payer.email },
      payment_type_id: "credit_card",
      payment_method_id: "master",
      installments: parcelas,
      transaction_amount_refunded: 0,
    } as FakePayment;
    payments.set(id, payment);
    let notification: FakeCardPayment["notification"] = null;
    let delivered: number | null = null;
    if (pref.notification_url && webhookSecret) {
      const target = new URL(pref.notification_url);
      const base = notifyBase ? new URL(notifyBase) : target;
      const url = `${base.origin}${target.pathname}?data.id=${id}&type=payment`;
      const { headers } = signedPaymentNotice(webhookSecret, String(id)).init;
      const body = JSON.stringify({
        action: "payment.created",
        api_version: "v1",
        type: "payment",
        data: { id: String(id) },
        live_mode: false,
      });
      notification = { url, headers, body };
      if (notifyBase) {
        delivered = await fetch(url, { method: "POST", headers, body })
          .then((r) => r.status)
          .catch(() => null);
      }
    }
    cardPayments.push({ payment, notification, delivered });
    const back =
      status === "approved"
        ? pref.back_urls.success
        : status === "in_process"
          ? pref.back_urls.pending
          : pref.back_urls.failure;
    const location = new URL(back);
    location.searchParams.set("collection_id", String(id));
    location.searchParams.set("collection_status", status);
    location.searchParams.set("payment_id", String(id));
    location.searchParams.set("status", status);
    location.searchParams.set("external_reference", pref.external_reference);
    location.searchParams.set("preference_id", pref.id);
    return { location: location.toString(), payment };
  }

  function hostedPage(pref: FakePreference): string {
    const total = pref.items.reduce((a, i) => a + i.quantity * i.unit_price, 0);
    const options = Array.from({ length: 12 }, (_, i) => i + 1)
      .map((n) => `<option value="${n}">${n}x</option>`)
      .join("");
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mercado Pago (teste)</title></head>
<body><main><h1>Pagar R$ ${total.toFixed(2).replace(".", ",")}</h1>
<p>Referência ${pref.external_reference}; até ${pref.payment_methods.installments}x.</p>
<form method="post" action="/checkout/${pref.id}/pay">
<label>Resultado <select name="resultado"><option value="approved">Aprovar</option><option value="in_process">Em análise</option><option value="rejected">Recusar</option></select></label>
<label>Parcelas <select name="parcelas">${options}</select></label>
<button type="submit">Pagar</button></form></main></body></html>`;
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      let body: Record<string, unknown> | null = null;
      const isForm = String(req.headers["content-type"] ?? "").startsWith(
        "application/x-www-form-urlencoded",
      );
      try {
        body = raw && !isForm ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        return send(res, 400, { message: "invalid json" });
      }
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      if (failures > 0) {
        failures--;
        return send(res, 500, { message: "internal_error" });
      }
      const hosted = path.match(/^\/checkout\/(pref-[\w-]+)(\/pay)?$/);
      if (hosted) {
        const pref = preferences.get(hosted[1]!);
        if (!pref) return page(res, 404, "<p>Checkout não encontrado</p>");
        if (req.method === "GET" && !hosted[2]) return page(res, 200, hostedPage(pref));
        if (req.method === "POST" && hosted[2]) {
          const form = new URLSearchParams(raw);
          void pay(pref, form.get("resultado") ?? "", Number(form.get("parcelas") ?? 1) || 1).then(
            ({ location }) => res.writeHead(303, { location }).end(),
          );
          return;
        }
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return send(res, 401, { message: "invalid access token", status: 401 });
      }
      if (req.method === "POST" && path === "/checkout/preferences") {
        const key = req.headers["x-idempotency-key"];
        const seen = typeof key === "string" ? prefByKey.get(key) : undefined;
        if (seen) return send(res, 201, preferences.get(seen));
        const items = (body?.items as FakePreference["items"]) ?? [];
        if (!Array.isArray(items) || items.length === 0 || !body?.external_reference) {
          return send(res, 400, { message: "items and external_reference required" });
        }
        const id = `pref-${crypto.randomUUID()}`;
        const pref: FakePreference = {
          id,
          init_point: `${selfUrl}/checkout/${id}`,
          items,
          external_reference: String(body.external_reference),
          back_urls: body.back_urls as FakePreference["back_urls"],
          notification_url: (body.notification_url as string) ?? null,
          payment_methods: body.payment_methods as FakePreference["payment_methods"],
          expiration_date_to: (body.expiration_date_to as string) ?? null,
          payer: { email: String((body.payer as { email?: string })?.email ?? "") },
        };
        preferences.set(id, pref);
        if (typeof key === "string" && key) prefByKey.set(key, id);
        return send(res, 201, pref);
      }
      if (req.method === "GET" && path === "/v1/payments/search") {
        const ref = new URL(req.url ?? "/", "http://x").searchParams.get("external_reference");
        const results = [...payments.values()]
          .filter((p) => ref && p.external_reference === ref)
          .sort((a, b) => b.id - a.id);
        return send(res, 200, {
          paging: { total: results.length, limit: 30, offset: 0 },
          results,
        });
      }
      if (req.method === "POST" && path === "/v1/payments") {
        const key = req.headers["x-idempotency-key"];
        if (typeof key !== "string" || !key) {
          return send(res, 400, { message: "X-Idempotency-Key required" });
        }
        const seen = byKey.get(key);
        if (seen) return send(res, 201, payments.get(seen));
        const id = nextId++;
        const payment: FakePayment = {
          id,
          status: "pending",
          status_detail: "pending_waiting_transfer",
          transaction_amount: Number(body?.transaction_amount),
          description: String(body?.description ?? ""),
          external_reference: (body?.external_reference as string) ?? null,
          date_of_expiration: String(body?.date_of_expiration),
          date_approved: null,
          payer: { email: String((body?.payer as { email?: string })?.email ?? "") },
          point_of_interaction: {
            type: "PIX",
            transaction_data: {
              qr_code: `00020126580014br.gov.bcb.pix0136fake-${id}5204000053039865802BR6304ABCD`,
              qr_code_base64: Buffer.from(`png-${id}`).toString("base64"),
              ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1`,
            },
          },
        };
        payments.set(id, payment);
        byKey.set(key, id);
        return send(res, 201, payment);
      }
      const match = path.match(/^\/v1\/payments\/(\d+)(\/refunds)?$/);
      const payment = match ? payments.get(Number(match[1])) : undefined;
      if (match && !payment) return send(res, 404, { message: "Payment not found", status: 404 });
      if (payment && req.method === "GET" && !match![2]) return send(res, 200, payment);
      if (payment && req.method === "PUT" && !match![2]) {
        if (body?.status !== "cancelled") return send(res, 400, { message: "invalid status" });
        if (payment.status !== "pending" && payment.status !== "in_process") {
          return send(res, 400, { message: "Payment cannot be cancelled", status: 400 });
        }
        payment.status = "cancelled";
        payment.status_detail = "by_collector";
        return send(res, 200, payment);
      }
      if (payment && req.method === "POST" && match![2]) {
        if (payment.status !== "approved") {
          return send(res, 400, { message: "Payment not refundable", status: 400 });
        }
        const key = req.headers["x-idempotency-key"];
        const done = typeof key === "string" ? refundByKey.get(key) : undefined;
        if (done) return send(res, 201, done);
        const refunded = payment.transaction_amount_refunded ?? 0;
        const rest = Math.round((payment.transaction_amount - refunded) * 100) / 100;
        const amount = body?.amount === undefined ? rest : Number(body.amount);
        if (!(amount > 0) || amount > rest + 1e-9) {
          return send(res, 400, { message: "Invalid refund amount", status: 400 });
        }
        const refund = {
          id: 9_000_000 + payment.id * 10 + refundByKey.size,
          payment_id: payment.id,
          amount,
          status: refundsDelayed ? "in_process" : "approved",
        };
        if (typeof key === "string" && key) refundByKey.set(key, refund);
        if (refundsDelayed) return send(res, 201, refund);
        payment.transaction_amount_refunded = Math.round((refunded + amount) * 100) / 100;
        if (payment.transaction_amount_refunded >= payment.transaction_amount) {
          payment.status = "refunded";
          payment.status_detail = "refunded";
        } else {
          payment.status_detail = "partially_refunded";
        }
        return send(res, 201, refund);
      }
      send(res, 404, { message: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  selfUrl = url;
  return {
    url,
    accessToken,
    requests,
    payments,
    preferences,
    cardPayments,
    setWebhookSecret(secret) {
      webhookSecret = secret;
    },
    setNotifyBase(base) {
      notifyBase = base;
    },
    async payPreference(id, choice) {
      const pref = preferences.get(id);
      if (!pref) throw new Error(`preferência ${id} não existe`);
      return pay(pref, choice.resultado, choice.parcelas ?? 1);
    },
    setStatus(id, status, detail) {
      const payment = payments.get(Number(id));
      if (!payment) throw new Error(`pagamento ${id} não existe`);
      payment.status = status;
      payment.status_detail = detail ?? (status === "approved" ? "accredited" : status);
      if (status === "approved") payment.date_approved = new Date().toISOString();
    },
    failNext(n) {
      failures = n;
    },
    delayRefunds(on) {
      refundsDelayed = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
