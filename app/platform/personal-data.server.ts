// What a module declares about the personal data it holds (LGPD art. 15, 16 and 18), so that
// privacy finds, exports, anonymises and expires one person's data by iterating the modules'
// handlers, each touching only its own tables (issue 40, decision 0063).
import { type AnyColumn, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "./db/client.server";

/** A phone (digits, without the country code) or an e-mail (lower case). */
export type Subject = { kind: "telefone"; digits: string } | { kind: "email"; email: string };

/** What another module's copies point at (an order, a grooming request, a resume…). */
interface PersonalReference {
  /** 'pedido', 'servico', 'agendamento', 'curriculo'. */
  type: string;
  id: string;
}

/** A file kept in storage ('public' area: served; 'private': never). */
export interface StoredFile {
  area: "public" | "private";
  key: string;
}

/** What one module holds about a subject. */
export interface PersonalDataFound {
  /** How many of each, by the names the admin's screen and the audit trail use. */
  counts: Record<string, number>;
  /** What dados.json holds of it, under its own keys. */
  data: Record<string, unknown[]>;
  /** The files that go into the ZIP, with their name there. */
  files: (StoredFile & { name: string })[];
  /** The records other modules may have copied (e-mails, webhook deliveries, alerts). */
  references: PersonalReference[];
}

/** What one module erased: counts for the audit row, files to remove once committed. */
export interface PersonalDataErased {
  counts: Record<string, number>;
  files: StoredFile[];
  references: PersonalReference[];
  /** Work outside the database, after the commit (e.g. removing `.eml` files). */
  afterCommit?: () => Promise<void>;
}

/** A module's personal-data handler, declared in its manifest (`personalData`). */
export interface PersonalDataHandler {
  /** What the admin reads ("Pedidos da loja"). */
  label: string;
  /** Everything the module holds about the subject. */
  find?: (subject: Subject, executor: Executor) => Promise<PersonalDataFound>;
  /**
   * What of the subject is still under way (an order not handed over, a booking not done),
   * named for the customer: deleting their own account is refused while any is (0075).
   */
  openWork?: (subject: Subject, executor: Executor) => Promise<string[]>;
  /** Erases the subject's personal fields (or rows), inside privacy's transaction. */
  anonymise?: (subject: Subject, tx: Executor) => Promise<PersonalDataErased>;
  /** Deletes what is older than the retention cutoff, inside privacy's transaction. */
  retention?: (cutoff: Date, tx: Executor) => Promise<PersonalDataErased>;
  /**
   * The module's copies of other modules' records (a rendered e-mail, a webhook payload, a
   * live alert): they go with the records they copy, and with the subject's e-mail.
   */
  forgetCopies?: (
    copies: { references: PersonalReference[]; subject?: Subject },
    tx: Executor,
  ) => Promise<PersonalDataErased>;
}

/** The column holds this phone, however it was typed ('(47) 98888-7777', '5547988887777'). */
function samePhone(column: AnyColumn, digits: string): SQL {
  const stored = sql`regexp_replace(${column}, '\\D', '', 'g')`;
  return sql`(${stored} = ${digits} or ${stored} = ${`55${digits}`})`;
}

const sameEmail = (column: AnyColumn, email: string) => sql`lower(trim(${column})) = ${email}`;

/** The subject matched by a phone column and an e-mail column (null: none kept). */
export function subjectMatch(
  subject: Subject,
  phone: AnyColumn | null,
  email: AnyColumn | null,
): SQL {
  if (subject.kind === "telefone") return phone ? samePhone(phone, subject.digits) : sql`false`;
  return email ? sameEmail(email, subject.email) : sql`false`;
}

/** Nothing found, nothing erased. */
export const NOTHING: PersonalDataErased = { counts: {}, files: [], references: [] };

/** The name an anonymised person's records keep. */
export const ANONYMOUS = "Titular anonimizado";

/** Overwrites the personal fields of the rows `ids` of `table` (no rows: no statement). */
export async function overwriteRows<T extends PgTable & { id: AnyPgColumn }>(
  executor: Executor,
  table: T,
  ids: string[],
  values: PgUpdateSetSource<T>,
) {
  if (ids.length === 0) return;
  await executor.update(table).set(values).where(inArray(table.id, ids));
}
