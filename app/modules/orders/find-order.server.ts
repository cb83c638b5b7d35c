// "Acompanhar pedido" (/loja/acompanhar): the order number and the phone used on it open the
// order page, and a fresh link goes by e-mail when the order has one. Counted per IP and per
// order number with the login's reservation (decision 0016): one conditional upsert each,
// before the order is read, so racing requests never try more than the rule allows. "No such
// order" and "wrong phone" get the same answer, in the same way.
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { normalizeChatNumber } from "~/domain/whatsapp";
import { db } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { rateLimitRule, refundAttempt, reserveAttempt } from "~/platform/rate-limits.server";
import { readForm, requestInfo } from "~/platform/request-info.server";
import { sameSecret } from "~/platform/secret.server";
import { siteOrigin } from "~/platform/site-url.server";
import { redirectWithToast } from "~/platform/toast.server";
import { normalizeOrderNumber } from "./number";
import { rememberOrderHeader } from "./recent-orders.server";
import { pedidos } from "./tables.server";
import { orderLookupToken } from "./token.server";

export const FIND_ORDER_TEXTS = {
  notFound:
    "Não encontramos um pedido com esse número e telefone. Confira os dados e tente novamente.",
  blocked:
    "Muitas tentativas em pouco tempo. Aguarde alguns minutos ou fale conosco pelo WhatsApp.",
  invalid: "Informe o número do pedido e o telefone usado no pedido.",
} as const;

const findSchema = z.object({
  // As typed: with or without "PED", with spaces or dashes ("4821-7730").
  numero: z
    .string()
    .max(60)
    .transform((v) => normalizeOrderNumber(v) ?? v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().min(4).max(40)),
  telefone: z
    .string()
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(10).max(13)),
});

export type FindOrderResult =
  | { ok: true; numero: string; token: string; emailEnviado: boolean }
  | { ok: false; status: 400 | 404 | 429; message: string };

function samePhone(stored: string, typed: string): boolean {
  return sameSecret(normalizeChatNumber(stored), normalizeChatNumber(typed));
}

/**
 * Finds the order for "Acompanhar pedido". Right number and phone: its link's token (the
 * page redirects there) and, when the order has an e-mail, a fresh link queued in the mail
 * outbox. Otherwise one answer for every miss. The IP's attempt is given back on a find (a
 * family sharing a connection); the order number's stays counted, so the e-mail cannot be
 * sent over and over.
 */
async function findOrderByPhone(
  fields: { numero?: unknown; telefone?: unknown },
  request: Request,
): Promise<FindOrderResult> {
  const parsed = findSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, status: 400, message: FIND_ORDER_TEXTS.invalid };
  const { numero, telefone } = parsed.data;
  const { ip } = requestInfo(request);
  const byIp = await reserveAttempt("pedido_busca_ip", ip, rateLimitRule("pedido_busca_ip"));
  if (!byIp.reserved) return { ok: false, status: 429, message: FIND_ORDER_TEXTS.blocked };
  const byNumber = await reserveAttempt(
    "pedido_busca_numero",
    numero,
    rateLimitRule("pedido_busca_numero"),
  );
  if (!byNumber.reserved) return { ok: false, status: 429, message: FIND_ORDER_TEXTS.blocked };
  const [pedido] = await db().select().from(pedidos).where(eq(pedidos.numeroPedido, numero));
  const match = pedido ? samePhone(pedido.clienteTelefone, telefone) : false;
  if (!pedido || !match || !pedido.idempotencyKey) {
    return { ok: false, status: 404, message: FIND_ORDER_TEXTS.notFound };
  }
  await refundAttempt("pedido_busca_ip", ip, rateLimitRule("pedido_busca_ip"));
  const email = pedido.clienteEmail;
  if (email) {
    await emit(db(), {
      tipo: "pedido.link_solicitado",
      resourceType: "pedido",
      resourceId: pedido.id,
      emails: [{ tipo: "pedido_link", destinatario: email, origem: siteOrigin(request) }],
    });
  }
  return {
    ok: true,
    numero: pedido.numeroPedido,
    // The lookup's own secret: the page without the pick-up code (orderLookupToken).
    token: orderLookupToken(pedido.idempotencyKey),
    emailEnviado: Boolean(email),
  };
}

/**
 * The form's action: the order page (remembered in "Seus pedidos" on this device) or the
 * refusal with the typed values, for the page to show again.
 */
export async function submitFindOrder(request: Request) {
  const form = await readForm(request);
  const numero = String(form.get("numero") ?? "");
  const telefone = String(form.get("telefone") ?? "");
  const result = await findOrderByPhone({ numero, telefone }, request);
  if (!result.ok) {
    return data(
      { ok: false as const, message: result.message, values: { numero, telefone } },
      { status: result.status },
    );
  }
  const to = `/loja/pedido/${result.numero}?token=${encodeURIComponent(result.token)}`;
  const headers = { "Set-Cookie": rememberOrderHeader(request, result) };
  if (!result.emailEnviado) return redirect(to, { headers });
  return redirectWithToast(
    to,
    { type: "success", title: "Também enviamos o link deste pedido para o seu e-mail." },
    { headers },
  );
}
