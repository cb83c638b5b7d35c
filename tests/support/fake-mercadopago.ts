// A local HTTP server that answers as Mercado Pago's payments API does (the parts the app
// uses): POST /v1/payments (Pix, with X-Idempotency-Key), GET /v1/payments/{id},
// PUT /v1/payments/{id} (status 'cancelled'), POST /v1/payments/{id}/refunds. Tests change a
// payment's status with setStatus, and may have refunds accepted but left pending.
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
  point_of_interaction: {
    type: "PIX";
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
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

export async function startFakeMercadoPago(
  accessToken = "TEST-token-123",
): Promise<FakeMercadoPago> {
  const payments = new Map<number, FakePayment>();
  const byKey = new Map<string, number>();
  const requests: FakeRequest[] = [];
  let nextId = 1_300_000_001;
  let failures = 0;
  let refundsDelayed = false;

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
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        return send(res, 400, { message: "invalid json" });
      }
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      if (failures > 0) {
        failures--;
        return send(res, 500, { message: "internal_error" });
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return send(res, 401, { message: "invalid access token", status: 401 });
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
        if (refundsDelayed) {
          return send(res, 201, {
            id: 9_000_000 + payment.id,
            payment_id: payment.id,
            amount: payment.transaction_amount,
            status: "in_process",
          });
        }
        payment.status = "refunded";
        payment.status_detail = "refunded";
        return send(res, 201, {
          id: 9_000_000 + payment.id,
          payment_id: payment.id,
          amount: payment.transaction_amount,
          status: "approved",
        });
      }
      send(res, 404, { message: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accessToken,
    requests,
    payments,
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
