// One way to write a vocabulary (a closed list of stored values with their pt-BR words):
// each value once, with its label and, for a status, its tone. The values keep the order
// written (the order lists and timelines show). No imports: the tables files, read by
// drizzle-kit without the path alias, take their enums from vocabularies.

/** What a status's colour means; components/ui/status-badge.tsx maps it to colours. */
export type Tone = "info" | "warning" | "success" | "danger" | "progress" | "neutral";

type Entry = string | { label: string; tone: Tone };
type Values<V> = [keyof V & string, ...(keyof V & string)[]];

export interface Vocabulary<K extends string, E extends Entry = Entry> {
  /** The stored values, in order (pgEnum and z.enum take them as they are). */
  values: [K, ...K[]];
  label: Record<K, string>;
  /** The tone of each value (statuses only: a label-only vocabulary has none). */
  tone: E extends { tone: Tone } ? Record<K, Tone> : undefined;
  /** A stored value's label; an unknown value (an old row) shows as stored. */
  labelOf(value: string): string;
}

export function defineVocabulary<const V extends Record<string, Entry>>(
  entries: V,
): Vocabulary<keyof V & string, V[keyof V]> {
  const values = Object.keys(entries) as Values<V>;
  const entry = (v: string) => entries[v] as Entry;
  const label = Object.fromEntries(
    values.map((v) => [v, ((e) => (typeof e === "string" ? e : e.label))(entry(v))]),
  ) as Record<keyof V & string, string>;
  const toned = values.every((v) => typeof entry(v) !== "string");
  const tone = toned
    ? Object.fromEntries(values.map((v) => [v, (entry(v) as { tone: Tone }).tone]))
    : undefined;
  return {
    values,
    label,
    tone: tone as Vocabulary<keyof V & string, V[keyof V]>["tone"],
    labelOf: (value) => (label as Record<string, string>)[value] ?? value,
  };
}
