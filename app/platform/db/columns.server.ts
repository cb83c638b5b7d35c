// Column types and helpers every module's tables share. Money is stored as numeric(12,2) and
// handled in code as integer centavos (see docs/decisions/0001-money.md): the `money` column
// type converts at the edge. Relative imports only: drizzle-kit reads this without the alias.
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  type ExtraConfigColumn,
  index,
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

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A CHECK expression: the column takes one of the vocabulary's values. */
export const inList = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** The row's id: a random UUID made by the database. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** The row's owner: required, and the row goes with it when the owner is deleted. */
export const ownedBy = (column: string, owner: () => AnyPgColumn) =>
  uuid(column).notNull().references(owner, { onDelete: "cascade" });

/** On by default: a row switched off stays, out of the store and the forms. */
export const ativo = () => boolean("ativo").notNull().default(true);

/** The index of a list read newest first, ties by id: the admin's keyset pages walk it. */
export const newestFirstIndex = (
  name: string,
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) => index(name).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst());
