// After the checkout, /loja shows the success message with the link to the order page
// (and the chat text when the chat is on). They travel in a signed, short-lived cookie.
import { z } from "zod";
import { signedCookie } from "~/platform/signed-cookie.server";

const flashSchema = z.object({
  numero: z.string(),
  token: z.string(),
  chatUrl: z.string().nullable(),
  /** "Receber pelo WhatsApp": a chat to the customer's own number holding the order link. */
  receberUrl: z.string().nullable().default(null),
});
export type OrderFlash = z.infer<typeof flashSchema>;

const ORDER_FLASH_COOKIE = "agropet_pedido";
// Path "/" and not "/loja": the client fetches loader data from /loja.data.
const cookie = signedCookie(ORDER_FLASH_COOKIE, { maxAge: 300 });

export function orderFlashHeader(flash: z.input<typeof flashSchema>): string {
  return cookie.serialize(flashSchema.parse(flash));
}

/** The pending flash and the header that clears it. */
export async function readOrderFlash(
  request: Request,
): Promise<{ flash: OrderFlash | null; headers?: Headers }> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${ORDER_FLASH_COOKIE}=`)) return { flash: null };
  const parsed = flashSchema.safeParse(cookie.parse(header));
  if (!parsed.success) return { flash: null };
  const headers = new Headers({ "Set-Cookie": cookie.clear() });
  return { flash: parsed.data, headers };
}
