import { CheckCircle2Icon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CART_STORAGE_KEY, useCart } from "~/components/loja/cart-context";
import { OrderChatLink } from "~/components/loja/order-chat-links";
import { Button } from "~/components/ui/button";
import { Island } from "~/islands/island";
import { usePageHydrates } from "~/lib/hydration";

function orderSuccessMessage(numero: string) {
  return `Pedido ${numero} realizado com sucesso! Entraremos em contato em breve.`;
}

/** The message /loja shows after the checkout, with the order link and the chat text. */
export function OrderSuccess({
  numero,
  token,
  chatUrl,
  receberUrl = null,
}: {
  numero: string;
  token: string;
  chatUrl: string | null;
  receberUrl?: string | null;
}) {
  const cart = useCart();
  const hydrates = usePageHydrates();
  const opened = useRef(false);
  const { hydrated, clear } = cart;
  useEffect(() => {
    if (!hydrated || opened.current) return;
    opened.current = true;
    clear();
    // Opening the chat by itself only works while the click on 'Confirmar pedido' still
    // counts as a user action (transient activation); otherwise a popup blocker stops it,
    // so it is not even tried. The link below is the way that always works.
    if (chatUrl && hasUserActivation()) window.open(chatUrl, "_blank", "noopener,noreferrer");
  }, [hydrated, clear, chatUrl]);
  const orderHref = `/loja/pedido/${numero}?token=${encodeURIComponent(token)}`;
  return (
    <section
      className="mb-6 rounded-2xl border border-green-300 bg-green-50 p-4 sm:p-5"
      role="status"
      aria-live="polite"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2Icon className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-3">
          <p className="font-semibold text-green-900 wrap-anywhere">
            {orderSuccessMessage(numero)}
          </p>
          {chatUrl ? (
            <p className="text-sm text-green-900">
              Envie o pedido pelo WhatsApp para a loja confirmar mais rápido. Pelo link do pedido
              você acompanha o status do pedido e do pagamento.
            </p>
          ) : (
            <p className="text-sm text-green-900">
              Guarde o link abaixo: por ele você acompanha o status do pedido e do pagamento.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {chatUrl ? <OrderChatLink href={chatUrl} kind="enviar" /> : null}
            {/* The 19-character number wraps on a phone instead of pushing the page wider. */}
            <Button
              asChild
              variant={chatUrl ? "outline" : "default"}
              className="h-auto max-w-full whitespace-normal wrap-anywhere"
            >
              <Link reloadDocument to={orderHref}>
                Acompanhar pedido {numero}
              </Link>
            </Button>
            {receberUrl ? <OrderChatLink href={receberUrl} kind="receber" /> : null}
          </div>
        </div>
      </div>
      {/* /loja loaded as a document is served without React: the stored cart is emptied by
          this script instead of the effect above. The chat is not opened by itself there: a
          page load is no user action, so the link is the way. */}
      {hydrates ? null : <Island name="cart-clear" props={{ storageKey: CART_STORAGE_KEY }} />}
    </section>
  );
}

/** Whether the page still holds a recent user action (where the browser can tell). */
function hasUserActivation(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } })
    .userActivation;
  return activation?.isActive === true;
}
