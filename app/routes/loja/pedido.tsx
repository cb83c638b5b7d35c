import { CheckCircle2Icon, MessageCircleIcon, RotateCcwIcon } from "lucide-react";
import { useEffect } from "react";
import { data, redirect, useLoaderData, useRevalidator } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { CardOnlinePanel } from "~/components/loja/card-online";
import { useCart } from "~/components/loja/cart-context";
import { OrderChatLink } from "~/components/loja/order-chat-links";
import { PixCopy, PixQr } from "~/components/loja/pix-copy";
import { PixOnlinePanel } from "~/components/loja/pix-online";
import { Button } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { shop } from "~/content/shop";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import { FORMA_PAGAMENTO_CLIENTE, JANELA_ENTREGA_LABEL } from "~/domain/statuses";
import { chatLink, chatNumber, externalLinkProps } from "~/domain/whatsapp";
import { getCustomer } from "~/modules/customers/index.server";
import {
  buyAgain,
  cardOnlineView,
  getCustomerOrder,
  readOrderFlash,
  retryOrderPixCharge,
  startOrderCardCheckout,
  switchCardOrderToPix,
  syncCardOrder,
} from "~/modules/orders/index.server";
import { pixChargeFor, pixOnlineView } from "~/modules/payments/index.server";
import { shortHoursText } from "~/modules/shop";
import { getSettings } from "~/modules/shop/index.server";
import { logger } from "~/platform/logger.server";
import { readForm } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/pedido";

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  let found = await getCustomerOrder(params.numero, token);
  // Unknown number and wrong token answer alike: the page cannot be found by guessing.
  if (!found) throw data("Pedido não encontrado", { status: 404 });
  // A card order waiting for payment (back from the provider's page, or not): its state is
  // read from the provider, never from the query string the provider sent the customer with.
  if (
    found.pedido.formaPagamento === "cartao_mercadopago" &&
    found.pedido.statusPagamento === "aguardando"
  ) {
    const changed = await syncCardOrder(found.pedido).catch((error: unknown) => {
      logger.warn({ err: error, pedido: params.numero }, "cartão: provedor não respondeu");
      return 0;
    });
    if (changed > 0) found = (await getCustomerOrder(params.numero, token)) ?? found;
  }
  const [settings, customer] = await Promise.all([getSettings(), getCustomer(request)]);
  const { pedido, itens, unidade } = found;
  const pix =
    pedido.statusPagamento === "aguardando" && pedido.statusPedido !== "cancelado"
      ? await pixChargeFor(pedido, settings)
      : null;
  const pixOnline = await pixOnlineView(pedido, settings);
  const cartao = await cardOnlineView(pedido);
  // Set by the checkout when it sends the customer straight here (online Pix).
  const { flash, headers: flashHeaders } = await readOrderFlash(request);
  const headers = new Headers({
    "Cache-Control": "private, no-store",
    // The link carries the secret: never hand it to another site.
    "Referrer-Policy": "no-referrer",
  });
  const clearFlash = flashHeaders?.get("Set-Cookie");
  if (clearFlash) headers.append("Set-Cookie", clearFlash);
  return data(
    {
      pedido: {
        numero: pedido.numeroPedido,
        createdAt: formatDateTime(pedido.createdAt),
        clienteNome: pedido.clienteNome,
        clienteTelefone: pedido.clienteTelefone,
        clienteEndereco: pedido.clienteEndereco,
        clienteBairro: pedido.clienteBairro,
        clienteReferencia: pedido.clienteReferencia,
        janelaEntrega: pedido.janelaEntrega,
        modo: pedido.modo,
        // Only the order's own link shows the pick-up code; the page reached by number and
        // phone ("Acompanhar pedido") says where it is instead.
        codigoRetirada: found.acesso === "link" ? pedido.codigoRetirada : null,
        codigoNoLink: found.acesso === "consulta" && pedido.codigoRetirada !== null,
        prontoEm: pedido.prontoEm ? formatDateTime(pedido.prontoEm) : null,
        retiradoEm: pedido.retiradoEm ? formatDateTime(pedido.retiradoEm) : null,
        observacoes: pedido.observacoes,
        subtotal: pedido.subtotal,
        desconto: pedido.desconto,
        descontoPix: pedido.descontoPix,
        cupomCodigo: pedido.cupomCodigo,
        taxaEntrega: pedido.taxaEntrega,
        total: pedido.total,
        formaPagamento: pedido.formaPagamento,
        trocoPara: pedido.trocoPara,
        statusPedido: pedido.statusPedido,
        statusPagamento: pedido.statusPagamento,
      },
      unidade: unidade
        ? {
            nome: unidade.nome,
            endereco: `${unidade.endereco}, ${unidade.bairro}, ${unidade.cidade} - ${unidade.uf}`,
            mapsUrl: unidade.mapsUrl,
            horarios: shortHoursText(unidade.horarios),
            instrucoes: unidade.instrucoesRetirada,
            preparoHoras: unidade.preparoHoras,
          }
        : null,
      itens: itens.map((i) => ({
        id: i.id,
        nome: i.varianteRotulo ? `${i.produtoNome} — ${i.varianteRotulo}` : i.produtoNome,
        preco: i.produtoPreco,
        quantidade: i.quantidade,
        subtotal: i.subtotal,
      })),
      pix,
      pixOnline,
      cartao,
      token: token!,
      // "Criar conta com este e-mail": the order's e-mail, offered only when nobody is signed in.
      criarConta: customer ? null : pedido.clienteEmail,
      novo: flash?.numero === pedido.numeroPedido,
      // Just placed (a Pix order comes straight here): the chats the store list would offer.
      recemFeito:
        flash?.numero === pedido.numeroPedido
          ? { chatUrl: flash.chatUrl, receberUrl: flash.receberUrl }
          : null,
      chatUrl: chatLink(
        chatNumber(settings.whatsappNumero, shop.phone),
        `Olá! Gostaria de falar sobre o meu pedido ${pedido.numeroPedido}.`,
      ),
    },
    { headers },
  );
}

/** "Tentar novamente" when the provider could not make the charge; "Comprar de novo". */
export async function action({ request, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const form = await readForm(request);
  if (form.get("intent") === "comprar-de-novo") {
    const answer = await buyAgain(request, params.numero, token);
    if (!answer) throw data("Pedido não encontrado", { status: 404 });
    return answer;
  }
  const back = `/loja/pedido/${params.numero}?token=${encodeURIComponent(token ?? "")}`;
  const intent = form.get("intent");
  if (intent === "pagar-cartao" || intent === "cartao-de-novo") {
    // To the provider's page: the current checkout, or a new one to try again.
    const found = await getCustomerOrder(params.numero, token);
    if (!found) throw data("Pedido não encontrado", { status: 404 });
    const initPoint = await startOrderCardCheckout(found.pedido, token ?? "", {
      novo: intent === "cartao-de-novo",
      origem: siteOrigin(request),
    });
    if (!initPoint) {
      return redirectWithToast(back, {
        type: "error",
        title:
          "Não foi possível abrir o pagamento com cartão agora. Tente de novo ou pague com Pix.",
      });
    }
    return redirect(initPoint, 303);
  }
  if (intent === "cartao-para-pix") {
    const switched = await switchCardOrderToPix(params.numero, token);
    if (!switched) throw data("Pedido não encontrado", { status: 404 });
    if (!switched.ok) return redirectWithToast(back, { type: "error", title: switched.message });
    return redirect(back, 303);
  }
  if (intent !== "gerar-pix") throw data("Ação inválida", { status: 400 });
  const result = await retryOrderPixCharge(params.numero, token);
  if (!result) throw data("Pedido não encontrado", { status: 404 });
  if (!result.ok) {
    return redirectWithToast(back, { type: "error", title: result.message });
  }
  return redirect(back);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Pedido ${data?.pedido.numero ?? ""} | ${shop.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** How often a page waiting for an online Pix asks whether it arrived. */
const POLL_MS = 4000;

export default function OrderPage() {
  const {
    pedido,
    itens,
    pix,
    pixOnline,
    cartao,
    token,
    novo,
    recemFeito,
    chatUrl,
    unidade,
    criarConta,
  } = useLoaderData<typeof loader>();
  // The shop updates the status from the admin: refresh while the page is open and visible.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, 30_000);
    return () => clearInterval(timer);
  }, [revalidate]);
  // While an online Pix waits, ask the small status resource every few seconds and reload
  // the page's data as soon as anything changed (paid, expired, cancelled).
  const waiting = pixOnline?.estado === "pendente";
  const statusUrl = `/loja/pedido/${pedido.numero}/status?token=${encodeURIComponent(token)}`;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(statusUrl, { cache: "no-store" });
        if (!response.ok) return;
        const status = (await response.json()) as {
          statusPagamento: string;
          statusPedido: string;
          pix: string | null;
        };
        if (
          status.pix !== "pendente" ||
          status.statusPagamento !== pedido.statusPagamento ||
          status.statusPedido !== pedido.statusPedido
        ) {
          void revalidate();
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, statusUrl, pedido.statusPagamento, pedido.statusPedido, revalidate]);
  // Straight from the checkout: the order is placed, so the cart is done.
  const { hydrated, clear } = useCart();
  useEffect(() => {
    if (novo && hydrated) clear();
  }, [novo, hydrated, clear]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <BackToStore />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {recemFeito ? (
          <OrderPlaced
            numero={pedido.numero}
            pix={pedido.formaPagamento === "pix" || pedido.formaPagamento === "pix_mercadopago"}
            online={pedido.formaPagamento === "pix_mercadopago"}
            {...recemFeito}
          />
        ) : null}
        <section className="rounded-2xl border border-slate-200 bg-white p-4">
          <h1 className="text-xl font-extrabold wrap-anywhere sm:text-2xl">
            Pedido {pedido.numero}
          </h1>
          <p className="text-sm text-slate-600">Feito em {pedido.createdAt}</p>
          <dl className="mt-3 flex flex-wrap gap-4 text-sm">
            <div className="grid gap-1">
              <dt className="text-slate-600">Status do pedido</dt>
              <dd>
                <StatusBadge of="pedido" value={pedido.statusPedido} data-testid="status-pedido" />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-slate-600">Pagamento</dt>
              <dd>
                <StatusBadge
                  of="pagamento"
                  value={pedido.statusPagamento}
                  data-testid="status-pagamento"
                />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-slate-600">Forma de pagamento</dt>
              <dd className="font-semibold">
                {FORMA_PAGAMENTO_CLIENTE[pedido.formaPagamento]}
                {pedido.formaPagamento === "dinheiro" && pedido.trocoPara
                  ? ` (troco para ${formatBRL(pedido.trocoPara)})`
                  : ""}
              </dd>
            </div>
          </dl>
        </section>

        {cartao ? (
          <CardOnlinePanel
            view={cartao}
            action={`/loja/pedido/${pedido.numero}?token=${encodeURIComponent(token)}`}
          />
        ) : null}

        {pixOnline ? (
          <PixOnlinePanel
            view={pixOnline}
            total={pedido.total}
            refreshHref={`/loja/pedido/${pedido.numero}?token=${encodeURIComponent(token)}`}
            chatUrl={chatUrl}
          />
        ) : null}

        {pix ? (
          <section
            className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:grid-cols-[12rem_minmax(0,1fr)]"
            aria-labelledby="pix-title"
          >
            <h2 id="pix-title" className="text-lg font-bold sm:col-span-2">
              Pague com Pix: {formatBRL(pedido.total)}
            </h2>
            <PixQr svg={pix.qrSvg} label={`QR Code Pix de ${formatBRL(pedido.total)}`} />
            <div className="grid gap-2">
              <PixCopy payload={pix.payload} />
              <p className="text-xs text-slate-700 wrap-anywhere">
                Chave Pix: {pix.chave}. Depois de pagar, a loja confirma o pagamento e o status muda
                aqui.
              </p>
            </div>
          </section>
        ) : null}

        <section className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-lg font-bold">Itens</h2>
          <ul className="grid gap-2 text-sm">
            {itens.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span>
                  {i.quantidade}x {i.nome}{" "}
                  <span className="text-slate-600">({formatBRL(i.preco)})</span>
                </span>
                <span className="shrink-0 font-semibold">{formatBRL(i.subtotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid gap-1 border-t border-slate-200 pt-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd>{formatBRL(pedido.subtotal)}</dd>
            </div>
            {pedido.desconto > 0 ? (
              <div className="flex justify-between text-green-700">
                <dt>Desconto{pedido.cupomCodigo ? ` (${pedido.cupomCodigo})` : ""}</dt>
                <dd>-{formatBRL(pedido.desconto)}</dd>
              </div>
            ) : null}
            {pedido.descontoPix > 0 ? (
              <div className="flex justify-between text-green-700">
                <dt>Desconto no Pix</dt>
                <dd data-testid="pedido-desconto-pix">-{formatBRL(pedido.descontoPix)}</dd>
              </div>
            ) : null}
            {pedido.modo === "retirada" ? null : (
              <div className="flex justify-between">
                <dt className="text-slate-600">Taxa de entrega</dt>
                <dd>{pedido.taxaEntrega === 0 ? "Grátis" : formatBRL(pedido.taxaEntrega)}</dd>
              </div>
            )}
            <div className="flex justify-between text-base font-extrabold">
              <dt>Total</dt>
              <dd data-testid="pedido-total">{formatBRL(pedido.total)}</dd>
            </div>
          </dl>
          {/* A document POST with or without scripts: the server's cart, then the cart page,
              where the store merges it into the browser's (decision 0074). */}
          <form
            method="post"
            action={`/loja/pedido/${pedido.numero}?token=${encodeURIComponent(token)}`}
            className="mt-3"
          >
            <Button type="submit" name="intent" value="comprar-de-novo" variant="outline">
              <RotateCcwIcon aria-hidden="true" />
              Comprar de novo
            </Button>
            <p className="mt-1 text-xs text-slate-600">
              Coloca estes itens no carrinho com os preços de hoje.
            </p>
          </form>
          {/* Issue 45 point 1 (decision 0090): the same lines on a schedule, from the account. */}
          <p className="mt-2 text-sm">
            <a
              href={`/conta/assinaturas?${new URLSearchParams({ pedido: pedido.numero, token })}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              Assinar estes itens
            </a>{" "}
            <span className="text-xs text-slate-600">(compra programada, com desconto)</span>
          </p>
        </section>

        {pedido.modo === "retirada" ? (
          <PickUpSection pedido={pedido} unidade={unidade} />
        ) : (
          <section className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <h2 className="mb-2 text-lg font-bold">Entrega</h2>
            <p className="font-semibold">{pedido.clienteNome}</p>
            <p>{formatPhoneDisplay(pedido.clienteTelefone)}</p>
            <p>
              {pedido.clienteEndereco} - {pedido.clienteBairro}
            </p>
            {pedido.clienteReferencia ? <p>Referência: {pedido.clienteReferencia}</p> : null}
            {pedido.janelaEntrega ? (
              <p className="mt-1">Horário: {JANELA_ENTREGA_LABEL[pedido.janelaEntrega]}</p>
            ) : null}
            {pedido.observacoes ? <p className="mt-1">Observações: {pedido.observacoes}</p> : null}
          </section>
        )}

        {criarConta ? <CreateAccount email={criarConta} /> : null}

        <Button asChild variant="whatsapp" size="lg">
          <a href={chatUrl} {...externalLinkProps}>
            <MessageCircleIcon aria-hidden="true" />
            Falar com a loja sobre este pedido
          </a>
        </Button>
      </div>
    </main>
  );
}

/**
 * After a guest purchase: "Entrar" with the order's e-mail filled in, where the code is asked;
 * the account then lists this order (decision 0072).
 */
function CreateAccount({ email }: { email: string }) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm"
      aria-labelledby="criar-conta-titulo"
    >
      <h2 id="criar-conta-titulo" className="text-lg font-bold">
        Acompanhe seus pedidos em qualquer aparelho
      </h2>
      <p className="mt-1 text-slate-600 wrap-anywhere">
        Sem senha: com um código enviado para {email}, você vê este e os próximos pedidos e
        agendamentos em qualquer aparelho.
      </p>
      {/* A GET to "Entrar" with the e-mail filled in (the customer asks the code there): this
          page's no-referrer policy makes a POST's Origin "null", which the server refuses. */}
      <form method="get" action="/conta/entrar" className="mt-3">
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline">
          Criar conta com este e-mail
        </Button>
      </form>
    </section>
  );
}

type LoadedOrder = Route.ComponentProps["loaderData"];

/**
 * The order just placed and paid by Pix lands here (issue 39): it says so, where to pay,
 * that this page is where the order is followed, and offers the chats the store list would.
 */
function OrderPlaced({
  numero,
  pix,
  online,
  chatUrl,
  receberUrl,
}: {
  numero: string;
  pix: boolean;
  online: boolean;
  chatUrl: string | null;
  receberUrl: string | null;
}) {
  return (
    <section
      className="grid gap-3 rounded-2xl border border-green-300 bg-green-50 p-4"
      role="status"
      data-testid="pedido-realizado"
    >
      <p className="flex items-start gap-2 font-semibold text-green-900 wrap-anywhere">
        <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
        Pedido {numero} realizado com sucesso!
      </p>
      <p className="text-sm text-green-900">
        {pix
          ? online
            ? "Pague com o Pix abaixo: o pagamento é confirmado sozinho e o pedido segue."
            : "Pague com o Pix abaixo: a loja confirma o pagamento e o status muda aqui."
          : "Acompanhe aqui o status do pedido e do pagamento."}{" "}
        Guarde este link: por ele você acompanha o pedido.
      </p>
      {chatUrl || receberUrl ? (
        <div className="flex flex-wrap gap-2">
          {chatUrl ? <OrderChatLink href={chatUrl} kind="enviar" /> : null}
          {receberUrl ? <OrderChatLink href={receberUrl} kind="receber" /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** A pick-up order: where, when, and the code to say at the counter. */
function PickUpSection({
  pedido,
  unidade,
}: {
  pedido: LoadedOrder["pedido"];
  unidade: LoadedOrder["unidade"];
}) {
  const state =
    pedido.statusPedido === "retirado"
      ? `Retirado em ${pedido.retiradoEm}`
      : pedido.statusPedido === "pronto_retirada"
        ? "Pronto para retirada"
        : pedido.statusPedido === "cancelado"
          ? null
          : `Em preparo: pronto em ~${unidade?.preparoHoras ?? 2} h`;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm"
      data-testid="pedido-retirada"
    >
      <h2 className="mb-2 text-lg font-bold">Retirar na loja</h2>
      {state ? <p className="mb-2 font-semibold text-green-800">{state}</p> : null}
      {pedido.codigoRetirada ? (
        <p className="mb-3">
          Código de retirada:{" "}
          <strong className="font-mono text-2xl tracking-widest" data-testid="codigo-retirada">
            {pedido.codigoRetirada}
          </strong>
          <span className="block text-slate-600">Informe este código no balcão.</span>
        </p>
      ) : pedido.codigoNoLink ? (
        <p className="mb-3 text-slate-700" data-testid="codigo-retirada-no-link">
          O código de retirada está no link deste pedido, enviado ao finalizar a compra (e por
          e-mail, se você informou um). Sem ele, apresente um documento com foto no balcão.
        </p>
      ) : null}
      {unidade ? (
        <>
          <p className="font-semibold">{unidade.nome}</p>
          <p>{unidade.endereco}</p>
          <p className="mt-1">Horário: {unidade.horarios}</p>
          {unidade.instrucoes ? <p className="mt-1">{unidade.instrucoes}</p> : null}
          {unidade.mapsUrl ? (
            <a
              className="mt-2 inline-block font-semibold text-primary underline"
              href={unidade.mapsUrl}
              {...externalLinkProps}
            >
              Ver no mapa<span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : null}
        </>
      ) : null}
      <p className="mt-3 font-semibold">{pedido.clienteNome}</p>
      <p>{formatPhoneDisplay(pedido.clienteTelefone)}</p>
      {pedido.observacoes ? <p className="mt-1">Observações: {pedido.observacoes}</p> : null}
    </section>
  );
}
