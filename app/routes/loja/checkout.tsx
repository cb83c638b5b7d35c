// The checkout page (SPEC §5.5): the loader offers the served neighbourhoods and the
// payment methods switched on; the action is the orders module's submitCheckout.
import { AlertTriangleIcon } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { CheckoutForm } from "~/components/loja/checkout-form";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import type { HydrationHandle } from "~/lib/hydration";
import {
  getCustomer,
  listAddresses,
  rememberOrderAddress,
  savedAddress,
} from "~/modules/customers/index.server";
import { listActiveBairros } from "~/modules/delivery/index.server";
import { encodeCartLines } from "~/modules/orders";
import { readCookieCartView, submitCheckout } from "~/modules/orders/index.server";
import { cardOnlineOffered, pixOnlineOffered } from "~/modules/payments/index.server";
import { deliveryWindowChoices, shortHoursText } from "~/modules/shop";
import { currentSettings, listActiveUnits } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { logger } from "~/platform/logger.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/checkout";

/**
 * Served without React (decision 0013): the form is a document POST to the action, and the
 * `store-purchase` island fills the cart's fields and the summary. A client navigation from a
 * React page renders the same form with React.
 */
export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: `Finalizar pedido | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const [settings, bairros, units, carrinho, cliente] = await Promise.all([
      currentSettings(),
      listActiveBairros(),
      listActiveUnits(),
      // The cart the server keeps for a browser without JavaScript (decision 0040).
      readCookieCartView(request),
      getCustomer(request),
    ]);
    // A signed-in customer's delivery addresses, the newest used first (decision 0074).
    const enderecos = cliente ? await listAddresses(cliente.cliente.id) : [];
    return {
      servidor: carrinho
        ? {
            quote: carrinho.quote,
            // What can be sold now, as the island would post after its quote.
            itens: encodeCartLines(carrinho.items),
          }
        : null,
      bairros: bairros.map((b) => ({ nome: b.nome, taxaEntrega: b.taxaEntrega })),
      enderecos,
      // The units a customer may pick up at: open, with pick-up on.
      retiradas: units
        .filter((u) => u.retiradaAtiva && !u.emBreve)
        .map((u) => ({
          id: u.id,
          nome: u.nome,
          endereco: `${u.endereco}, ${u.bairro}`,
          horarios: shortHoursText(u.horarios),
          preparoHoras: u.preparoHoras,
        })),
      entregas: units.some((u) => u.atendeEntregas && !u.emBreve),
      // "Hoje, à tarde (13h às 17h)": the day of each window for an order placed now.
      janelas: deliveryWindowChoices(
        units.filter((u) => u.atendeEntregas && !u.emBreve).map((u) => u.horarios),
        now().getTime(),
      ),
      pixAtivo: settings.pixManualAtivo,
      pixOnline: pixOnlineOffered(settings),
      cartao: cardOnlineOffered(settings)
        ? {
            parcelasMax: settings.cartaoParcelasMax,
            parcelasSemJuros: Math.min(settings.cartaoParcelasSemJuros, settings.cartaoParcelasMax),
          }
        : null,
      // One key per checkout visit: a double click or a retried request finds the same
      // order. Made here, not in the browser: this page is never shared by the page cache.
      idempotencyKey: crypto.randomUUID(),
      erro: null,
    };
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "falha ao carregar configurações da loja");
    return {
      servidor: null,
      bairros: [],
      enderecos: [],
      retiradas: [],
      entregas: false,
      janelas: {},
      pixAtivo: false,
      pixOnline: false,
      cartao: null,
      idempotencyKey: "",
      erro: "Erro ao carregar configurações da loja",
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const signedIn = await getCustomer(request);
  if (!signedIn) return submitCheckout(request);
  const clienteId = signedIn.cliente.id;
  return submitCheckout(request, {
    savedAddress: (id) => savedAddress(clienteId, id),
    afterDelivery: (tx, address) => rememberOrderAddress(tx, clienteId, address),
  });
}

/**
 * A form refused as invalid (400) or over the hourly limit (429) changed nothing the loader
 * reads: no need to fetch the neighbourhoods and payment switches again. A refusal for
 * stock, neighbourhood or payment (409) may come from a change in them, so it reloads.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 400 || actionStatus === 429) return false;
  // "Atualizar" and "Buscar CEP" (200) change nothing the loader reads either.
  if (actionStatus === 200) return false;
  return defaultShouldRevalidate;
}

export default function CheckoutPage() {
  const { erro, ...form } = useLoaderData<typeof loader>();
  if (erro) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-12 text-center">
        <AlertTriangleIcon className="mx-auto size-14 text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-extrabold">{erro}</h1>
        <p className="mt-2 text-slate-700">
          Seu carrinho continua salvo. Tente novamente em instantes.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/loja/checkout" reloadDocument>
            Tentar novamente
          </Link>
        </Button>
      </main>
    );
  }

  return <CheckoutForm {...form} />;
}
