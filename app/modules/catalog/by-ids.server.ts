// Catalogue rows by ids that came from outside (a cart, a cookie, an address): an id that is
// not a uuid names nothing and is dropped before the query, whose ::uuid[] cast would fail.
import { type Executor, runSql } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { UUID_PATTERN } from "./listing";

/** The rows `text` reads for the ids in `$1::uuid[]`, each id asked once; none, no query. */
export function readByUuids<Row>(
  executor: Executor,
  ids: readonly string[],
  text: string,
  name: string,
): Promise<Row[]> {
  return readByKeys(
    ids.filter((id) => UUID_PATTERN.test(id)),
    (valid) => runSql<Row>(executor, text, [valid], name),
  );
}
