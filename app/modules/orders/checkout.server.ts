// The checkout: from the posted form to a placed order (SPEC §5.5). Reads and checks the
// form with the same schema as the browser, counts the client's orders per hour, places the
// order in one transaction (place-order.server.ts), starts the online Pix charge when chosen,
// and answers with where the customer goes next.
import { data, redirect } from "react-router";
import { shop } from "~/content/shop";
import { chatLink, chatNumber } from "~/domain/whatsapp";
import type { FormResult } from "~/lib/form-result";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import type { StreetAddress } from "~/modules/delivery";
import { cepForCheckout } from "~/modules/delivery/index.server";
import { cardOnlineOffered, pixOnlineOffered } from "~/modules/payments/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import { isUnreadableInput } from "~/platform/admin/action.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import { readForm, requestInfo } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import { redirectWithToast } from "~/platform/toast.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import { startOrderCardCheckout } from "./card.server";
import { encodeCartLines } from "./cart";
import type { CartQuote } from "./cart.server";
import {
  CHECKOUT_ERROR_MESSAGE,
  checkoutSchemaFor,
  missesRequired,
  REQUIRED_FIELDS_MESSAGE,
} from "./checkout.schema";
import type { CookieCart } from "./cookie-cart";
import {
  clearCookieCartHeader,
  cookieCartWithout,
  readCookieCart,
  readCookieCartView,
} from "./cookie-cart.server";
import { orderFlashHeader } from "./flash.server";
import { orderMessage } from "./message";
import { startOrderPixCharge } from "./pix.server";
import { type AfterDelivery, placeOrder } from "./place-order.server";
import { rememberOrderHeader } from "./recent-orders.server";
import { savedAddressFields } from "./saved-address";
import { orderPageLink } from "./token.server";

/**
 * "Receber pelo WhatsApp": a chat opened on the customer's own number (WhatsApp's "message
 * yourself") with the order's link, so it stays in their phone.
 */
function receiveByChatLink(telefone: string, numero: string, link: string): string | null {
  if (telefone.replace(/\D/g, "").length < 10) return null;
  return chatLink(telefone, `Meu pedido ${numero} na ${shop.name}: ${link}`);
}

/**
 * A refusal; `values` are the fields as posted, so a page served without React (a document
 * POST) shows the form again as the customer typed it.
 */
export type CheckoutResult = FormResult & {
  values?: Record<string, string>;
  /**
   * The summary for the values posted, when the server keeps the cart (a browser without
   * JavaScript, decision 0040): the page shows it in place of the loader's.
   */
  resumo?: CartQuote | null;
  /** What the CEP lookup found (decision 0041). */
  cep?: { mensagem: string; atendido: boolean };
  /**
   * The hidden `itens` after a line was removed here (a browser without JavaScript): the
   * loader read the cart of the request, from before the removal.
   */
  itens?: string;
};

/** The server's cart quoted for the choices of the form (neighbourhood or pick-up, payment). */
async function cartViewFor(request: Request, values: Record<string, string>, changed?: CookieCart) {
  if (!changed && !readCookieCart(request)) return null;
  const pickUp = values.modo === "retirada";
  return readCookieCartView(
    request,
    {
      bairro: pickUp ? null : values.bairro || null,
      retiradaUnidadeId:
        pickUp && /^[0-9a-f-]{36}$/i.test(values.unidadeId ?? "") ? values.unidadeId : null,
      modo: pickUp ? "retirada" : "entrega",
      formaPagamento: values.formaPagamento || null,
    },
    changed,
  );
}

/**
 * What the checkout knows of a signed-in customer (decision 0074), given by the route so
 * orders never reads the customers module: a saved address by id ("Usar este endereço"
 * without JavaScript), and what keeps a delivery order's address in the order's transaction.
 */
export interface CheckoutCustomer {
  savedAddress: (id: string) => Promise<(StreetAddress & { bairro: string | null }) | null>;
  afterDelivery: AfterDelivery;
}

async function summaryFor(request: Request, values: Record<string, string>) {
  return (await cartViewFor(request, values))?.quote ?? null;
}

const refused = async (
  request: Request,
  body: { message: string; errors?: FieldErrors },
  status: number,
  values: Record<string, string>,
) =>
  data<CheckoutResult>(
    { ok: false, ...body, values, resumo: await summaryFor(request, values).catch(() => null) },
    { status },
  );

/**
 * The buttons of a browser without JavaScript that change the form without placing the order:
 * "Atualizar" (the summary for the choices made) and "Buscar CEP" (the address of a CEP).
 */
async function refreshCheckout(
  request: Request,
  fields: Record<string, string>,
  customer?: CheckoutCustomer,
) {
  if (fields.remover) return removeLine(request, fields);
  let values = fields;
  let cep: CheckoutResult["cep"];
  if (fields.enderecoSalvo) {
    // A saved address fills the form; the fee follows its neighbourhood like any other.
    const saved = customer ? await customer.savedAddress(fields.enderecoSalvo) : null;
    const { enderecoSalvo: _, ...rest } = fields;
    values = saved ? { ...rest, modo: "entrega", ...savedAddressFields(saved) } : rest;
    if (saved && !saved.bairro) {
      cep = { mensagem: "Não entregamos mais nesse bairro. Escolha outro.", atendido: false };
    }
  }
  if (fields.intent === "cep") {
    const answer = await cepForCheckout(fields.cep ?? "", requestInfo(request).ip);
    if (answer.ok) {
      cep = { mensagem: answer.mensagem, atendido: answer.atendido };
      values = {
        ...fields,
        cep: answer.cep,
        endereco: answer.rua || fields.endereco || "",
        bairro: answer.atendido ? answer.bairro : (fields.bairro ?? ""),
      };
    } else cep = { mensagem: answer.mensagem, atendido: false };
  }
  return data<CheckoutResult>({
    ok: false,
    intent: fields.intent,
    values,
    cep,
    resumo: await summaryFor(request, values),
  });
}

/**
 * "Remover" by a line a pick-up unit lacks, without JavaScript (the island handles it in the
 * browser's cart): the cookie cart loses that line, the form comes back as typed with the new
 * summary; an emptied cart goes back to the cart page.
 */
async function removeLine(request: Request, fields: Record<string, string>) {
  const { remover, intent: _, ...values } = fields;
  const removed = cookieCartWithout(request, remover ?? "");
  if (!removed) return redirect("/loja/carrinho", 303);
  if (removed.cart.itens.length === 0) {
    return redirectWithToast(
      "/loja/carrinho",
      { type: "info", title: "Produto removido do carrinho" },
      { status: 303, headers: { "Set-Cookie": removed.header } },
    );
  }
  const view = await cartViewFor(request, values, removed.cart);
  return data<CheckoutResult>(
    {
      ok: false,
      intent: "remover",
      values,
      resumo: view?.quote ?? null,
      itens: encodeCartLines(view?.items ?? []),
    },
    { headers: { "Set-Cookie": removed.header } },
  );
}

/**
 * The checkout action: a refusal (400 invalid form, 429 too many orders, 409 stock, coupon,
 * neighbourhood or payment, 500) with the message and field errors the form shows, or the
 * redirect to what comes next (the order page for a Pix order, with its QR code; else the
 * store with the success message).
 */
export async function submitCheckout(request: Request, customer?: CheckoutCustomer) {
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  // Read once, for the schema, the order and the WhatsApp message.
  if (
    fields.intent === "atualizar" ||
    fields.intent === "cep" ||
    fields.remover ||
    fields.enderecoSalvo
  ) {
    return refreshCheckout(request, fields, customer);
  }
  const settings = await currentSettings();
  const pixOnline = pixOnlineOffered(settings);
  const cardOnline = cardOnlineOffered(settings);
  const parsed = checkoutSchemaFor({ pixOnline, cardOnline }).safeParse(fields);
  if (!parsed.success) {
    return refused(
      request,
      {
        message: missesRequired(parsed.error)
          ? REQUIRED_FIELDS_MESSAGE
          : "Verifique os campos destacados",
        errors: fieldErrors(parsed.error),
      },
      400,
      fields,
    );
  }
  if (!(await consumeRateLimit("checkout", requestInfo(request).ip, rateLimitRule("checkout")))) {
    return refused(
      request,
      {
        message:
          "Muitos pedidos em pouco tempo. Tente novamente mais tarde ou fale conosco pelo WhatsApp.",
      },
      429,
      fields,
    );
  }
  try {
    const result = await placeOrder(
      { ...parsed.data, origem: siteOrigin(request) },
      undefined,
      settings,
      customer?.afterDelivery,
    );
    if (!result.ok) {
      const errors = result.error === "bairro" ? { bairro: result.message } : undefined;
      return refused(request, { message: result.message, errors }, 409, fields);
    }
    const { pedido, itens, token } = result;
    // The order holds the cart now: the server's copy goes (decision 0040).
    const cartGone: [string, string][] = readCookieCart(request)
      ? [["Set-Cookie", clearCookieCartHeader()]]
      : [];
    const link = orderPageLink(siteOrigin(request), pedido.numeroPedido, token);
    const chatOn = settings.whatsappAtivo && Boolean(settings.whatsappNumero?.trim());
    const chatUrl = chatOn
      ? chatLink(
          chatNumber(settings.whatsappNumero, shop.phone),
          orderMessage({ ...pedido, itens, unidadeNome: result.unidade?.nome ?? null, link }),
        )
      : null;
    const receberUrl = receiveByChatLink(pedido.clienteTelefone, pedido.numeroPedido, link);
    const remembered: [string, string] = [
      "Set-Cookie",
      rememberOrderHeader(request, { numero: pedido.numeroPedido, token }),
    ];
    if (pedido.formaPagamento === "cartao_mercadopago") {
      // Card: the order is saved and its stock reserved; the customer goes straight to the
      // provider's page (a plain redirect, no script needed) and comes back to the order
      // page. The provider down: the order page says so and offers to try again or Pix.
      const initPoint = await startOrderCardCheckout(pedido, token, {
        origem: siteOrigin(request),
      });
      return redirect(
        initPoint ?? `/loja/pedido/${pedido.numeroPedido}?token=${encodeURIComponent(token)}`,
        {
          status: 303,
          headers: [
            [
              "Set-Cookie",
              orderFlashHeader({ numero: pedido.numeroPedido, token, chatUrl: null, receberUrl }),
            ],
            remembered,
            ...cartGone,
          ],
        },
      );
    }
    if (pedido.formaPagamento === "pix_mercadopago" || pedido.formaPagamento === "pix") {
      // Paid by Pix now: straight to the order page, where the QR code and the copia e cola
      // are (issue 39), never the store list. Online Pix starts its charge first: the order
      // is saved and its stock reserved, so if the provider is down the order page says so
      // and offers to try again (same idempotency key). The flash tells that page the order
      // was just placed (it empties the cart and says so).
      const online = pedido.formaPagamento === "pix_mercadopago";
      if (online) await startOrderPixCharge(pedido);
      return redirect(`/loja/pedido/${pedido.numeroPedido}?token=${encodeURIComponent(token)}`, {
        headers: [
          [
            "Set-Cookie",
            orderFlashHeader({
              numero: pedido.numeroPedido,
              token,
              // The manual Pix is confirmed by the shop: the chat carries the order there.
              chatUrl: online ? null : chatUrl,
              receberUrl,
            }),
          ],
          remembered,
          ...cartGone,
        ],
      });
    }
    return redirectWithToast(
      "/loja",
      { type: "success", title: "Pedido realizado com sucesso!" },
      {
        headers: [
          [
            "Set-Cookie",
            orderFlashHeader({ numero: pedido.numeroPedido, token, chatUrl, receberUrl }),
          ],
          remembered,
          ...cartGone,
        ],
      },
    );
  } catch (error) {
    rethrowIfUnavailable(error);
    // The schema refuses what PostgreSQL cannot store; should something slip through, it
    // is still the customer's input, not a fault of the shop.
    if (isUnreadableInput(error)) {
      logger.warn({ err: error }, "pedido recusado pelo banco: valor ilegível");
      return refused(request, { message: "Verifique os campos destacados" }, 400, fields);
    }
    logger.error({ err: error }, "falha ao registrar pedido");
    return refused(request, { message: CHECKOUT_ERROR_MESSAGE }, 500, fields);
  }
}
