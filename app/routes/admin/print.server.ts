// What every printable admin page's server half shares (a sheet outside the admin layout,
// decision 0068): only who may open it reads it, the paper is A4 unless the address asks for
// the 80 mm receipt, and the answer (tutors', customers' names and addresses) is never kept by
// a browser's or a proxy's cache.
import { data } from "react-router";
import type { PrintFormat } from "~/components/admin/print-frame";
import type { Capacidade } from "~/domain/permissions";
import { adminLoader } from "~/modules/accounts/index.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The document's headers (the route's `headers` export): never cached. */
export function printHeaders() {
  return NO_STORE;
}

/**
 * A print page's loader: the person must hold the route's capability; `read` gets the
 * address, the paper it asks for and whose units the person sees, and what it returns goes
 * out uncached.
 */
export function printLoader<A extends { request: Request }, T>(
  handle: { capability: Capacidade },
  read: (
    args: A,
    page: { url: URL; formato: PrintFormat } & Parameters<Parameters<typeof adminLoader>[1]>[1],
  ) => Promise<T>,
) {
  return adminLoader(handle, async (args: A, guard) => {
    const url = new URL(args.request.url);
    const formato = url.searchParams.get("formato") === "80mm" ? "80mm" : "a4";
    return data(await read(args, { ...guard, url, formato }), { headers: NO_STORE });
  });
}
