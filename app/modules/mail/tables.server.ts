// The mail module's slice of the stored model. Relative imports only: drizzle-kit reads the
// schema files without the path alias.
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";
import { outboxIndexes, outboxQueueColumns } from "../../platform/db/outbox-columns.server";
import { STATUS_EMAIL } from "./status";

/** An image sent inline (`<img src="cid:…">`), such as the Pix QR code. */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  base64: string;
}

/**
 * The e-mail outbox. A row is written in the same transaction as what it tells (an order,
 * a status change) with only its kind, recipient and subject matter; the worker renders it
 * (assunto, html, texto) on its first attempt and keeps what it sent.
 */
export const emails = pgTable(
  "emails",
  {
    id: col.id(),
    /** What it says (the module that queued it names its kinds). */
    tipo: pg.text("tipo").notNull(),
    destinatario: pg.text("destinatario").notNull(),
    /** What it is about, named by the module that queued it (decision 0061). */
    ...col.aboutResource(),
    /** Small facts the message needs beyond the order (a cancellation's reason). */
    dados: pg.jsonb("dados").$type<Record<string, string>>(),
    /** The site's address the customer used, for absolute links (PUBLIC_URL wins). */
    origem: pg.text("origem"),
    assunto: pg.text("assunto"),
    html: pg.text("html"),
    texto: pg.text("texto"),
    imagens: pg.jsonb("imagens").$type<InlineImage[]>(),
    /** Extra headers sent with it (List-Unsubscribe). */
    cabecalhos: pg.jsonb("cabecalhos").$type<Record<string, string>>(),
    ...outboxQueueColumns(STATUS_EMAIL),
    erro: pg.text("erro"),
    /** The .eml file kept when no SMTP server is configured (relative to $DATA_DIR/mail). */
    arquivo: pg.text("arquivo"),
    enviadoEm: col.timestamptz("enviado_em"),
    ...col.timestamps(),
  },
  (t) => [...outboxIndexes("emails", STATUS_EMAIL, t)],
);

export type Email = typeof emails.$inferSelect;
