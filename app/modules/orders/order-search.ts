// The staff's order search (/admin/loja?view=pedidos&q=…): one box for the order number, the
// customer's name or phone, or the pick-up code said at the counter. Pure: what the text
// typed means; queries.server.ts turns it into SQL over the orders' search index.

type OrderSearch =
  /** Digits: an order number (with or without "PED", spaces, dashes), a phone, a code. */
  | { digits: string }
  /** Words of a name, each to be found (lower case, no accents). */
  | { words: string[] };

/** Lower case without accents, as the index keeps the name (tables.server.ts). */
function plainText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** What `text` asks for, or null for nothing to search. */
export function parseOrderSearch(text: string | null | undefined): OrderSearch | null {
  const typed = (text ?? "").trim().slice(0, 100);
  if (!typed) return null;
  // "PED 1732-8000", "(47) 99999-0416", "+55 47 99999 0416", "4821".
  const compact = typed.replace(/[\s().\-+/]/g, "");
  const number = /^(?:ped)?(\d+)$/i.exec(compact);
  if (number) return { digits: number[1]! };
  const words = plainText(typed)
    .split(/\s+/)
    // LIKE's wildcards are text here ("\\" is its escape by default).
    .map((w) => w.replace(/[%_\\]/g, "\\$&"))
    .slice(0, 6);
  return words.length ? { words } : null;
}
