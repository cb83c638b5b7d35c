// One way to write a vocabulary (a closed list of stored values with their pt-BR words):
// each value once, with its label and, for a status, its tone. The values keep the order
// written (the order lists and timelines show). No imports: the tables files, read by
// drizzle-kit without the path alias, take their enums from vocabularies.
//
// How every list uses it (app/domain/statuses.ts has the shop's; a module keeps its own in
// its folder, e.g. grooming/booking-vocabulary.ts):
//
//   const pedido = defineVocabulary({
//     novo: { label: "Novo", tone: "info" },          // a status: label and tone
//     cancelado: { label: "Cancelado", tone: "danger" },
//   });
//   export const { values: STATUS_PEDIDO, label: STATUS_PEDIDO_LABEL } = pedido;
//   export type StatusPedido = (typeof STATUS_PEDIDO)[number];
//
//   export const { values: MODOS, label: MODO_LABEL } = defineVocabulary({
//     entrega: "Receber em casa",                      // not a status: the label alone
//     retirada: "Retirar na loja",
//   });
//
//   const papel = defineVocabulary({
//     dono: { label: "Dono", descricao: "Tudo, …" },   // more words of a value: beside its label
//   });
//   export const PAPEL_DESCRICAO = papel.column("descricao");
//
// - `values` feeds the table's enum (text(..., { enum }), inList check) and z.enum.
// - `label[value]` for a value the type knows; `labelOf(text)` for a stored string that may
//   be older than the list (it shows as stored).
// - `tone[value]` (statuses only) is what a badge shows: a status of app/domain registers its
//   vocabulary in STATUSES (statuses.ts) and shows through <StatusBadge of=... value=...>; a
//   module's own status shows through <ToneBadge tone={v.tone[x]}>{v.label[x]}</ToneBadge>
//   (components/ui/status-badge.tsx). Never a second table of labels or colours beside it.
// - `column(field)`: what else each value carries (a customer's wording, a description, a
//   default), as a table by value: written in the value's entry, not in a table of its own.

/** What a status's colour means; components/ui/status-badge.tsx maps it to colours. */
export type Tone = "info" | "warning" | "success" | "danger" | "progress" | "neutral";

type Entry = string | { label: string; tone?: Tone; [field: string]: unknown };
/** The fields an entry carries besides its label and tone. */
type Field<E> = Exclude<keyof Extract<E, object>, "label" | "tone">;
type Values<V> = [keyof V & string, ...(keyof V & string)[]];

export interface Vocabulary<K extends string, E extends Entry = Entry> {
  /** The stored values, in order (pgEnum and z.enum take them as they are). */
  values: [K, ...K[]];
  label: Record<K, string>;
  /** The tone of each value (statuses only: a label-only vocabulary has none). */
  tone: E extends { tone: Tone } ? Record<K, Tone> : undefined;
  /** A stored value's label; an unknown value (an old row) shows as stored. */
  labelOf(value: string): string;
  /** One more field of every entry (`descricao`, `padrao`…), by value. */
  column<F extends Field<E>>(field: F): Record<K, Extract<E, object>[F]>;
}

export function defineVocabulary<const V extends Record<string, Entry>>(
  entries: V,
): Vocabulary<keyof V & string, V[keyof V]> {
  const values = Object.keys(entries) as Values<V>;
  const entry = (v: string) => entries[v] as Entry;
  const label = Object.fromEntries(
    values.map((v) => [v, ((e) => (typeof e === "string" ? e : e.label))(entry(v))]),
  ) as Record<keyof V & string, string>;
  const column = (field: string) =>
    Object.fromEntries(values.map((v) => [v, (entry(v) as Record<string, unknown>)[field]]));
  const toned = values.every((v) => {
    const e = entry(v);
    return typeof e !== "string" && e.tone !== undefined;
  });
  return {
    values,
    label,
    tone: (toned ? column("tone") : undefined) as Vocabulary<keyof V & string, V[keyof V]>["tone"],
    labelOf: (value) => (label as Record<string, string>)[value] ?? value,
    column: column as Vocabulary<keyof V & string, V[keyof V]>["column"],
  };
}
