// The e-mail outbox (decision 0003's pattern), one channel of the platform's delivery engine
// (app/platform/outbox.server.ts, decision 0061: claim, lease, retry, release on stop). A
// message is queued in `emails` in the same transaction as what it tells; the engine renders
// a row on its first attempt through the composer it was started with, and sends it outside
// any transaction. Delivery is at least once at the SMTP boundary, marked sent right after
// the server accepts it; the Message-ID is the row's, so a repeat is one message to a reader.
import { and, eq, isNotNull } from "drizzle-orm";
import { shop } from "~/content/shop";
import { siteAddressForLinks } from "~/modules/shop/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { wakeJob } from "~/platform/jobs/runner.server";
import {
  type Attempt,
  createOutbox,
  OUTBOX_LEASE_MS,
  OUTBOX_RETRY_DELAYS_MS,
} from "~/platform/outbox.server";
import { currentMailConfig } from "./settings.server";
import { type Email, emails, type InlineImage } from "./tables.server";
import { closeTransport, sendMessage } from "./transport.server";

/** Delay before each retry; after the last one the row is marked 'falhou'. */
export const MAIL_RETRY_DELAYS_MS = OUTBOX_RETRY_DELAYS_MS;
/** While one worker sends a claimed row, others leave it alone this long. */
export const MAIL_CLAIM_LEASE_MS = OUTBOX_LEASE_MS;

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
  /** What it is about: the queuing module's noun (`pedido`, `agendamento`…) and the id. */
  resourceType?: string | null;
  resourceId?: string | null;
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
      resourceType: e.resourceType ?? null,
      resourceId: e.resourceId ?? null,
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
  const about =
    row.resourceType && row.resourceId
      ? and(eq(emails.resourceType, row.resourceType), eq(emails.resourceId, row.resourceId))
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

async function send(row: Email, compose: Composer, clock: () => Date): Promise<Attempt> {
  let message = row;
  try {
    if (message.html === null) {
      const composed = await compose(row);
      if (!composed) return { outcome: "dropped", columns: { status: "descartado" } };
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
    return {
      outcome: "sent",
      columns: {
        status: sent.via === "smtp" ? "enviado" : "arquivado",
        arquivo: sent.via === "arquivo" ? sent.arquivo : null,
        erro: null,
        enviadoEm: clock(),
      },
    };
  } catch (error) {
    const erro = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    return { outcome: "failed", error: erro, columns: { erro } };
  }
}

/** The e-mail channel of the platform's delivery engine, rendering with `compose`. */
function mailOutbox(compose: Composer) {
  return createOutbox<Email>({
    name: "emails",
    table: emails,
    failedStatus: "falhou",
    batch: 10,
    send: (row, clock) => send(row, compose, clock),
  });
}

/** Claims due rows and pushes their next attempt past the lease (tests race two). */
export function claimDueEmails(limit: number, at = new Date()): Promise<Email[]> {
  return mailOutbox(async () => null).claim(limit, at);
}

/** Sends every due row once with `compose`. Returns how many were attempted. */
export async function deliverEmailsDue(options: {
  compose: Composer;
  limit?: number;
  now?: () => Date;
  signal?: AbortSignal;
}): Promise<number> {
  return mailOutbox(options.compose).deliverDue(options);
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

// --- the delivery job ---------------------------------------------------------------------

/**
 * One run of the mail job (mail.deliver, on the platform's runner): passes until nothing is
 * due or the instance stops; a stopping pass finishes the message in flight and gives back
 * the rest of its claim.
 */
export async function deliverMail(
  signal: AbortSignal,
  compose: Composer,
): Promise<{ enviados: number }> {
  return { enviados: await mailOutbox(compose).drain({ signal }) };
}

/** Wakes the delivery job right after an enqueue, so messages go out at once. */
function notifyWorker() {
  wakeJob("mail.deliver");
}

/** Closes the SMTP connection once the deliveries have stopped. */
export function closeMailTransport() {
  closeTransport();
}
