// What an admin page's address names (a count, a variant): found, or the page's 404.
import { data } from "react-router";
import { UUID_PATTERN } from "~/modules/catalog";

/**
 * The record `read` finds for the address's `id`, or a 404 with `message`: an id that is no
 * UUID is never looked up, and another unit's record is not found (decision 0069).
 */
export async function foundOr404<T>(
  id: string,
  message: string,
  read: (id: string) => Promise<T | null | undefined>,
): Promise<T> {
  if (!UUID_PATTERN.test(id)) throw data({ message }, { status: 404 });
  const found = await read(id);
  if (!found) throw data({ message }, { status: 404 });
  return found;
}

/** The stock count the address names (its pages: reading, differences, print), or the 404. */
export function countOr404<T>(
  id: string,
  read: (id: string) => Promise<T | null | undefined>,
): Promise<T> {
  return foundOr404(id, "Contagem não encontrada", read);
}
