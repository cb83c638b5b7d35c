// "Seus pedidos": the last orders placed (or found through "Acompanhar pedido") from this
// browser, in a signed cookie of order numbers and their link tokens. Set only by those two
// answers, so only devices that ordered carry it; with it, /loja bypasses the shared page
// cache (its name starts with agropet_, http/page-cache.ts), which is what it must do.
import { z } from "zod";
import { signedCookie } from "~/platform/signed-cookie.server";

/** How many orders the device remembers (newest first). */
export const RECENT_ORDERS_MAX = 5;

const RECENT_ORDERS_COOKIE = "agropet_pedidos";
const cookie = signedCookie(RECENT_ORDERS_COOKIE, { maxAge: 180 * 24 * 60 * 60 });

const entrySchema = z.object({
  n: z.string().min(1).max(40),
  t: z.string().min(1).max(200),
});
const listSchema = z.array(entrySchema);

interface RecentOrder {
  numero: string;
  token: string;
}

/** The orders this browser remembers; an altered or unreadable cookie is no list. */
export function readRecentOrders(request: Request): RecentOrder[] {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${RECENT_ORDERS_COOKIE}=`)) return [];
  const parsed = listSchema.safeParse(cookie.parse(header));
  if (!parsed.success) return [];
  return parsed.data.slice(0, RECENT_ORDERS_MAX).map((e) => ({ numero: e.n, token: e.t }));
}

/** The Set-Cookie that puts `order` first in the list, keeping at most RECENT_ORDERS_MAX. */
export function rememberOrderHeader(request: Request, order: RecentOrder): string {
  const kept = readRecentOrders(request).filter((o) => o.numero !== order.numero);
  const list = [order, ...kept].slice(0, RECENT_ORDERS_MAX);
  return cookie.serialize(list.map((o) => ({ n: o.numero, t: o.token })));
}
