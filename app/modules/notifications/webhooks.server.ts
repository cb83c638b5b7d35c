// The webhook outbox, one channel of the platform's delivery engine (decision 0061). An
// announcement is written to `webhook_entregas` in the same transaction as the record it
// announces; the engine delivers it later with retries. A failed webhook never fails or
// loses the customer's submission.
import crypto from "node:crypto";
import { STATUS_CODES } from "node:http";
import { centavosToReais } from "~/domain/money";
import { getSettings, secretSettings, webhookUrlFor } from "~/modules/shop/index.server";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { type Executor, transaction } from "~/platform/db/client.server";
import type { DomainEvent } from "~/platform/event-types.server";
import { wakeJob } from "~/platform/jobs/runner.server";
import { type Attempt, createOutbox, OUTBOX_RETRY_DELAYS_MS } from "~/platform/outbox.server";
import { type WebhookEntrega, webhookEntregas } from "./tables.server";

export const WEBHOOK_TIMEOUT_MS = 8000;
/** Delay before each retry; after the last one the row is marked 'falhou'. */
export const RETRY_DELAYS_MS = OUTBOX_RETRY_DELAYS_MS;

export type WebhookTipo = WebhookEntrega["tipo"];

export async function enqueueWebhook(
  executor: Executor,
  entry: {
    tipo: WebhookTipo;
    url: string;
    payload: Record<string, unknown>;
    /** What it announces: the emitting module's noun (`pedido`…) and the record's id. */
    resourceType?: string;
    resourceId?: string;
  },
): Promise<WebhookEntrega> {
  const [row] = await executor
    .insert(webhookEntregas)
    .values({
      tipo: entry.tipo,
      url: entry.url,
      payload: entry.payload,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      // Due by the worker's clock (the app's), which the database's now() can be a few
      // microseconds ahead of.
      proximaTentativa: new Date(),
    })
    .returning();
  notifyWorker();
  return row!;
}

/** The event's announcement, queued in its transaction when the channel's URL is set. */
export async function announce(executor: Executor, event: DomainEvent): Promise<void> {
  const notice = event.webhook;
  if (!notice) return;
  const url = webhookUrlFor(await getSettings(executor), notice.canal);
  if (!url) return;
  await enqueueWebhook(executor, {
    tipo: notice.canal,
    url,
    payload: await notice.payload(),
    resourceType: event.resourceType,
    resourceId: event.resourceId,
  });
}

function signBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface PostResult {
  ok: boolean;
  status?: number;
  statusText?: string;
  error?: string;
}

/** The first characters of a response body, on one line (reads at most 1 KB). */
async function bodyStart(response: Response, max = 100): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  let bytes = new Uint8Array(0);
  try {
    while (bytes.byteLength < 1024) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      const next = new Uint8Array(bytes.byteLength + value.byteLength);
      next.set(bytes);
      next.set(value, bytes.byteLength);
      bytes = next;
    }
  } catch {
    // What was read so far is enough.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = new TextDecoder().decode(bytes).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * One POST with the JSON body, signed when a secret is set, aborted after 8 s. An outbox
 * delivery carries its row's id as `Idempotency-Key` (and `X-Agropet-Delivery`), the same on
 * every retry: delivery is at least once (a crash between the send and its record sends
 * again), and the id lets a receiver drop the repeat.
 */
export async function postJson(
  url: string,
  payload: unknown,
  options: { secret?: string | null; timeoutMs?: number; deliveryId?: string } = {},
): Promise<PostResult> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "AgropetLitoral-Webhook/1.0",
  };
  if (options.secret) headers["x-signature"] = signBody(body, options.secret);
  if (options.deliveryId) {
    headers["idempotency-key"] = options.deliveryId;
    headers["x-agropet-delivery"] = options.deliveryId;
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      redirect: "manual",
    });
    // HTTP/2 and some servers send no reason phrase: the standard one, else what the body
    // starts with, says what the status means.
    const statusText =
      response.statusText ||
      STATUS_CODES[response.status] ||
      (response.ok ? "" : await bodyStart(response));
    await response.body?.cancel().catch(() => undefined);
    return { ok: response.ok, status: response.status, statusText };
  } catch (error) {
    const message =
      error instanceof Error && error.name === "TimeoutError"
        ? "Tempo esgotado (8 s)"
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: message };
  }
}

/** One delivery: the POST, signed, with the row's id as its idempotency key. */
async function send(row: WebhookEntrega, clock: () => Date): Promise<Attempt> {
  const { webhookSecret } = await secretSettings("notifications");
  const result = await postJson(row.url, row.payload, {
    secret: webhookSecret,
    deliveryId: row.id,
  });
  const columns = { ultimoStatus: result.status ?? null };
  if (result.ok)
    return {
      outcome: "sent",
      columns: { ...columns, status: "entregue", ultimoErro: null, entregueEm: clock() },
    };
  const error =
    result.error ?? `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ""}`;
  return { outcome: "failed", error, columns: { ...columns, ultimoErro: error } };
}

/** The webhook channel of the platform's delivery engine. */
const outbox = createOutbox<WebhookEntrega>({
  name: "webhooks",
  table: webhookEntregas,
  failedStatus: "falhou",
  batch: 20,
  send,
});

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED and pushes their next attempt past a lease,
 * all in one short transaction: two workers (or two app instances) never get the same row.
 */
export const claimDue = outbox.claim;

/** Delivers every due row once. Returns how many were attempted. */
export function deliverDue(
  options: { limit?: number; now?: () => Date; signal?: AbortSignal } = {},
): Promise<number> {
  return outbox.deliverDue(options);
}

/**
 * One run of the webhook job (notifications.deliver, on the platform's runner): passes until
 * nothing is due or the instance stops; a stopping pass finishes the delivery in flight and
 * gives back the rest of its claim.
 */
export async function deliverWebhooks(signal: AbortSignal): Promise<{ entregues: number }> {
  return { entregues: await outbox.drain({ signal }) };
}

/** Wakes the delivery job right after an enqueue, so announcements go out at once. */
function notifyWorker() {
  wakeJob("notifications.deliver");
}

const WEBHOOK_TEST_MESSAGES = {
  missing: "Configure a URL do webhook primeiro",
  ok: "Teste enviado com sucesso!",
  httpError: "Erro no teste. Verifique a URL do webhook.",
  networkError: "Erro ao enviar teste",
} as const;

/**
 * The settings test of SPEC §7.5: a sample order posted to the webhook URL on the screen
 * (`typedUrl`, already validated as http(s); null when the field is empty), or to the
 * saved one when the request carries no URL.
 */
export async function testStoreWebhook(
  actor: AdminActor,
  typedUrl?: string | null,
): Promise<{ ok: boolean; message: string; detail?: string }> {
  const settings = await getSettings();
  const url = typedUrl === undefined ? settings.webhookUrl?.trim() : typedUrl;
  if (!url) return { ok: false, message: WEBHOOK_TEST_MESSAGES.missing };
  const payload = {
    pedido: {
      numero: `TESTE${Date.now()}`,
      cliente: "Cliente Teste",
      telefone: "47999999999",
      total: centavosToReais(5990),
      status: "novo",
    },
    timestamp: new Date().toISOString(),
  };
  const result = await postJson(url, payload, {
    secret: (await secretSettings("notifications")).webhookSecret,
  });
  await transaction((tx) =>
    audit(tx, actor, "webhook_test", "configuracoes", "1", {
      ok: result.ok,
      status: result.status ?? null,
      erro: result.error ?? null,
    }),
  );
  if (result.ok) return { ok: true, message: WEBHOOK_TEST_MESSAGES.ok };
  if (result.status !== undefined) {
    return {
      ok: false,
      message: WEBHOOK_TEST_MESSAGES.httpError,
      detail: `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ""}`,
    };
  }
  return { ok: false, message: WEBHOOK_TEST_MESSAGES.networkError, detail: result.error };
}
