// The admin's "E-mails enviados": every queued message, the newest first, and one message
// as it went out (its inline images shown from the stored copy).
import { count, desc, eq } from "drizzle-orm";
import { clampPage } from "~/domain/pagination";
import { db } from "~/platform/db/client.server";
import { type Email, emails } from "./tables.server";

export const EMAILS_PAGE_SIZE = 30;

export type EmailListItem = Pick<
  Email,
  "id" | "tipo" | "destinatario" | "assunto" | "status" | "tentativas" | "erro" | "arquivo"
> & { createdAt: Date; enviadoEm: Date | null };

export async function listEmails(page = 1): Promise<{
  emails: EmailListItem[];
  total: number;
  page: number;
}> {
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(emails);
  const current = clampPage(page, total, EMAILS_PAGE_SIZE);
  const rows = await db()
    .select({
      id: emails.id,
      tipo: emails.tipo,
      destinatario: emails.destinatario,
      assunto: emails.assunto,
      status: emails.status,
      tentativas: emails.tentativas,
      erro: emails.erro,
      arquivo: emails.arquivo,
      createdAt: emails.createdAt,
      enviadoEm: emails.enviadoEm,
    })
    .from(emails)
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(EMAILS_PAGE_SIZE)
    .offset((current - 1) * EMAILS_PAGE_SIZE);
  return { emails: rows, total, page: current };
}

/** One message with its HTML ready for a sandboxed frame (cid: images as data: URLs). */
export async function getEmail(
  id: string,
): Promise<(EmailListItem & { html: string | null; texto: string | null }) | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db().select().from(emails).where(eq(emails.id, id));
  if (!row) return null;
  let html = row.html;
  for (const image of row.imagens ?? []) {
    html =
      html?.replaceAll(`cid:${image.cid}`, `data:${image.contentType};base64,${image.base64}`) ??
      null;
  }
  return {
    id: row.id,
    tipo: row.tipo,
    destinatario: row.destinatario,
    assunto: row.assunto,
    status: row.status,
    tentativas: row.tentativas,
    erro: row.erro,
    arquivo: row.arquivo,
    createdAt: row.createdAt,
    enviadoEm: row.enviadoEm,
    html,
    texto: row.texto,
  };
}
