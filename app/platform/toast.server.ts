// One-shot messages carried across a redirect in a signed cookie, shown by the root as
// a sonner toast (e.g. 'Pedido ... realizado com sucesso!' after the checkout).
import { redirect } from "react-router";
import { z } from "zod";
import { signedCookie } from "~/platform/signed-cookie.server";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "info", "warning"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/** The flash message of the next page. */
const TOAST_COOKIE = "agropet_toast";
const toastCookie = signedCookie(TOAST_COOKIE, { maxAge: 60 });

function toastHeader(toast: z.input<typeof toastSchema>): string {
  return toastCookie.serialize(toastSchema.parse(toast));
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers?: Headers }> {
  const value = toastCookie.parse(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(value);
  if (!parsed.success) return { toast: null };
  const headers = new Headers({ "Set-Cookie": toastCookie.clear() });
  return { toast: parsed.data, headers };
}

export async function redirectWithToast(
  url: string,
  toast: z.input<typeof toastSchema>,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastHeader(toast));
  return redirect(url, { ...init, headers });
}
