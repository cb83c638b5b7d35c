// Column types and helpers every module's tables share. Money is stored as numeric(12,2) and
// handled in code as integer centavos (see docs/decisions/0001-money.md): the `money` column
// type converts at the edge. Relative imports only: drizzle-kit reads this without the alias.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  type ExtraConfigColumn,
  index,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { centavosToDecimal, decimalToCentavos } from "../../domain/money";

/** numeric(12,2) in the database, integer centavos in TypeScript. */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => "numeric(12, 2)",
  toDriver: (centavos) => centavosToDecimal(centavos),
  fromDriver: (value) => decimalToCentavos(String(value)),
});

/** A moment: every stored date and time carries its time zone. */
export const timestamptz = (column: string) => timestamp(column, { withTimezone: true });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** When the row was made and last changed: most tables end with both. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * A CHECK expression: the column takes one of the vocabulary's values. Named by its SQL name it
 * stands bare (`papel in (…)`), given as the table's column it is qualified by the table.
 */
export const inList = (column: string | SQLWrapper, values: readonly string[]): SQL => {
  const list = `(${values.map((v) => `'${v}'`).join(", ")})`;
  return typeof column === "string"
    ? sql.raw(`${column} in ${list}`)
    : sql`${column} in ${sql.raw(list)}`;
};

/** The CHECK constraint `name`: the column holds one of the vocabulary's values. */
export const checkInList = (name: string, column: string, values: readonly string[]) =>
  check(name, inList(column, values));

/**
 * What a row tells about, named by its module (`pedido`, `agendamento`…) and the record's id:
 * no foreign key, so writing it costs no lookup and it outlives the record (decision 0061).
 */
export const aboutResource = () => ({
  resourceType: text("resource_type"),
  resourceId: text("resource_id"),
});

/** The row's id: a random UUID made by the database. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/**
 * A link to another table's row, null allowed; `onDelete` says what deleting that row does:
 * "cascade" takes this row with it, "set null" forgets the link, "restrict" refuses.
 */
export const linkedTo = (
  column: string,
  target: () => AnyPgColumn,
  onDelete: "cascade" | "restrict" | "set null",
) => uuid(column).references(target, { onDelete });

/** The row's owner: required, and the row goes with it when the owner is deleted. */
export const ownedBy = (column: string, owner: () => AnyPgColumn) =>
  linkedTo(column, owner, "cascade").notNull();

/** The row's key is its owner's id: one row per owner (a summary, a unit's agenda), gone with it. */
export const keyOwnedBy = (column: string, owner: () => AnyPgColumn) =>
  uuid(column).primaryKey().references(owner, { onDelete: "cascade" });

/** On by default: a row switched off stays, out of the store and the forms. */
export const ativo = () => boolean("ativo").notNull().default(true);

/** The index of a list read newest first, ties by id: the admin's keyset pages walk it. */
export const newestFirstIndex = (
  name: string,
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) => index(name).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst());
