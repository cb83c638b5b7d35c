// The "rows of these ids" read that faces offer to other modules (owners of pets, units of
// orders, payments of bookings...): one query for a whole page of keys.

/**
 * The rows of these keys, read at once: each key asked once, and no query at all when there is
 * none (an empty `in ()` list is not valid SQL, and a page with nothing to look up is common).
 */
export async function readByKeys<K, R>(
  keys: readonly K[],
  read: (keys: K[]) => Promise<R[]>,
): Promise<R[]> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return [];
  return read(wanted);
}
