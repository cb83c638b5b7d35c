// The e-mail outbox (decision 0003's pattern). A message is queued in `emails` in the same
// transaction as what it tells; a background worker claims due rows with FOR UPDATE SKIP
// LOCKED (two instances never take the same row), renders a row on its first attempt
// through the composer it was started with, and sends it outside any transaction. A
// failure is retried after 1 min, 5 min, 30 min, 2 h and 12 h, then the row is 'falhou'.
// A worker killed mid-send leaves its claim to lapse, and the row is tried again: delivery
// is at least once at the SMTP boundary, marked sent right after the server accepts it.
import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { shop } from "~/content/shop";
import { siteAddressForLinks } from "~/modules/shop/index.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { OUTBOX_RETRY_DELAYS_MS } from "~/platform/outbox-retry.server";
import { currentMailConfig } from "./settings.server";
import { type Email, emails, type InlineImage } from "./tables.server";
import { closeTransport, sendMessage } from "./transport.server";

/** Delay before each retry; after the last one the row is marked 'falhou'. */
export const MAIL_RETRY_DELAYS_MS = OUTBOX_RETRY_DELAYS_MS;
/** While one worker sends a claimed row, others leave it alone this long. */
export const MAIL_CLAIM_LEASE_MS = 60_000;

/** What a composer makes of a queued row. */
export interface ComposedEmail {
  assunto: string;
  html: string;
  texto: string;
  imagens?: InlineImage[];
  /** Extra headers (List-Unsubscribe). */
  cabecalhos?: Record<string, string>;
}

/** Renders a queued row; null when there is nothing to send any more. */
export type Composer = (row: Email) => Promise<ComposedEmail | null>;

export interface QueuedEmail {
  tipo: string;
  destinatario: string;
  pedidoId?: string | null;
  agendamentoId?: string | null;
  origem?: string | null;
  dados?: Record<string, string> | null;
}

/** Queues messages in `executor` (the caller's transaction): one statement for all. */
export async function enqueueEmails(executor: Executor, entries: QueuedEmail[]): Promise<void> {
  if (entries.length === 0) return;
  // Due by the worker's clock (the app's), which the database's now() can be ahead of.
  const at = new Date();
  await executor.insert(emails).values(
    entries.map((e) => ({
      tipo: e.tipo,
      destinatario: e.destinatario,
      pedidoId: e.pedidoId ?? null,
      agendamentoId: e.agendamentoId ?? null,
      origem: e.origem ?? null,
      dados: e.dados ?? null,
      proximaTentativa: at,
    })),
  );
  notifyWorker();
}

/**
 * The site's address for a message's links (decision 0057): PUBLIC_URL, else the address
 * the shop's admins use (learned from the panel), never the Host a customer's request came
 * with: that is only taken when it is this machine (development, tests), here or for an
 * earlier message about the same order or booking; else the server's local address.
 */
export async function originOf(row: Email): Promise<string> {
  const trusted = await siteAddressForLinks(row.origem);
  if (trusted) return trusted;
  const about = row.pedidoId
    ? eq(emails.pedidoId, row.pedidoId)
    : row.agendamentoId
      ? eq(emails.agendamentoId, row.agendamentoId)
      : null;
  if (about) {
    const [earlier] = await db()
      .select({ origem: emails.origem })
      .from(emails)
      .where(and(about, isNotNull(emails.origem)))
      .orderBy(emails.createdAt)
      .limit(1);
    const fromEarlier = await siteAddressForLinks(earlier?.origem ?? null);
    if (fromEarlier) return fromEarlier;
  }
  return `http://localhost:${env().PORT}`;
}

/** Claims due rows and pushes their next attempt past a lease, in one short transaction. */
export async function claimDueEmails(limit: number, at = new Date()): Promise<Email[]> {
  return transaction(async (tx) => {
    const due = await tx
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.status, "pendente"), lte(emails.proximaTentativa, at)))
      .orderBy(emails.proximaTentativa)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emails)
      .set({ proximaTentativa: new Date(at.getTime() + MAIL_CLAIM_LEASE_MS), updatedAt: at })
      .where(
        inArray(
          emails.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/** Sends every due row once. Returns how many were attempted. */
export async function deliverEmailsDue(options: {
  compose: Composer;
  limit?: number;
  now?: () => Date;
}): Promise<number> {
  const clock = options.now ?? (() => new Date());
  const rows = await claimDueEmails(options.limit ?? 10, clock());
  for (const row of rows) await deliverOne(row, options.compose, clock);
  return rows.length;
}

async function deliverOne(row: Email, compose: Composer, clock: () => Date) {
  let message = row;
  try {
    if (message.html === null) {
      const composed = await compose(row);
      if (!composed) {
        await update(row.id, { status: "descartado", updatedAt: clock() });
        return;
      }
      message = await saveComposed(row.id, composed, clock());
    }
    const sent = await sendMessage(await currentMailConfig(shop.name), {
      id: message.id,
      to: message.destinatario,
      subject: message.assunto ?? "",
      html: message.html ?? "",
      text: message.texto ?? "",
      headers: message.cabecalhos ?? undefined,
      attachments: message.imagens?.map((i) => ({
        cid: i.cid,
        filename: i.filename,
        contentType: i.contentType,
        content: Buffer.from(i.base64, "base64"),
      })),
    });
    const at = clock();
    await update(row.id, {
      status: sent.via === "smtp" ? "enviado" : "arquivado",
      arquivo: sent.via === "arquivo" ? sent.arquivo : null,
      tentativas: row.tentativas + 1,
      erro: null,
      enviadoEm: at,
      updatedAt: at,
    });
  } catch (error) {
    const at = clock();
    const tentativas = row.tentativas + 1;
    const delay = MAIL_RETRY_DELAYS_MS[tentativas - 1];
    logger.warn({ err: error, email: row.id, tentativas }, "e-mail não enviado");
    await update(row.id, {
      tentativas,
      erro: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      updatedAt: at,
      ...(delay === undefined
        ? { status: "falhou" as const }
        : { proximaTentativa: new Date(at.getTime() + delay) }),
    });
  }
}

async function update(id: string, columns: Partial<Email>) {
  await db().update(emails).set(columns).where(eq(emails.id, id));
}

/** Keeps what was rendered: a retry sends the same message, and the admin sees it. */
async function saveComposed(id: string, composed: ComposedEmail, at: Date): Promise<Email> {
  const [row] = await db()
    .update(emails)
    .set({
      assunto: composed.assunto,
      html: composed.html,
      texto: composed.texto,
      imagens: composed.imagens ?? null,
      cabecalhos: composed.cabecalhos ?? null,
      updatedAt: at,
    })
    .where(eq(emails.id, id))
    .returning();
  return row!;
}

// --- the background worker -------------------------------------------------------------

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let again = false;
let composer: Composer | undefined;

async function runOnce() {
  if (running) {
    again = true;
    return running;
  }
  const compose = composer;
  if (!compose) return;
  running = (async () => {
    try {
      do {
        again = false;
        while ((await deliverEmailsDue({ compose })) > 0) {}
      } while (again);
    } catch (error) {
      logger.error({ err: error }, "[emails] falha no envio");
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** Wakes the worker right after an enqueue, so messages go out at once. */
function notifyWorker() {
  if (timer) setImmediate(() => void runOnce());
}

export function startMailWorker(intervalSeconds: number, compose: Composer) {
  if (intervalSeconds <= 0 || timer) return;
  composer = compose;
  timer = setInterval(() => void runOnce(), intervalSeconds * 1000);
  timer.unref();
}

/** Stops the timer, waits for a pass in progress and closes the SMTP connection. */
export async function stopMailWorker() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
  closeTransport();
}
