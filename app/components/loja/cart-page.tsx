// The cart page's two renderings (decision 0013): the frame the `store-purchase` island
// fills on a document load (`IslandCart`), and the React cart after a client navigation
// from a page that hydrates (`ReactCart`). Same texts, same rules (~/modules/orders/cart).
import { MinusIcon, PlusIcon, ShoppingBagIcon, TagIcon, Trash2Icon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CART_STORAGE_KEY, useCart } from "~/components/loja/cart-context";
import { OrderSummary, OrderSummarySlot } from "~/components/loja/order-summary";
import { ProductImage } from "~/components/loja/product-image";
import { useCartQuote } from "~/components/loja/use-cart-quote";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { formatBRL } from "~/domain/money";
import { InlineScript } from "~/islands/inline-script";
import { PURCHASE_TEXTS, storePurchase } from "~/islands/store-purchase";
import { PRODUCT_IMAGE_WIDTHS } from "~/modules/catalog";
import type { CartItem } from "~/modules/orders";
import { COUPON_INVALID, COUPON_REMOVED, couponAppliedMessage } from "~/modules/promotions";

/** The served neighbourhoods with their fees, as the cart page's loader gives them. */
export type Bairros = { nome: string; taxaEntrega: number }[];

export function ReactCart({ bairros }: { bairros: Bairros }) {
  const cart = useCart();
  const [bairro, setBairro] = useState("");
  const { quote, loading, empty } = useCartQuote({ bairro: bairro || null });
  const [code, setCode] = useState("");
  const [pendingCoupon, setPendingCoupon] = useState<string | null>(null);
  const { setCoupon } = cart;

  // The answer to a coupon the customer just typed: applied, or refused and dropped.
  useEffect(() => {
    const pending = pendingCoupon;
    if (!pending || !quote || loading) return;
    setPendingCoupon(null);
    if (quote.cupom?.codigo === pending) {
      toast.success(couponAppliedMessage(pending));
      setCode("");
    } else {
      toast.error(quote.cupomErro ?? COUPON_INVALID);
      if (quote.cupomErro === COUPON_INVALID || !quote.cupomErro) setCoupon(null);
    }
  }, [quote, loading, setCoupon, pendingCoupon]);

  // A stored coupon that became invalid (expired, used up) is dropped.
  useEffect(() => {
    if (
      !pendingCoupon &&
      quote &&
      !loading &&
      cart.state.cupom &&
      quote.cupomErro === COUPON_INVALID
    ) {
      setCoupon(null);
      toast.error(`${cart.state.cupom}: ${COUPON_INVALID}`);
    }
  }, [quote, loading, cart.state.cupom, setCoupon, pendingCoupon]);

  function applyCoupon(event: React.FormEvent) {
    event.preventDefault();
    const codigo = code.trim().toUpperCase();
    if (!codigo) return;
    setPendingCoupon(codigo);
    setCoupon(codigo);
  }

  function removeCoupon() {
    setCoupon(null);
    toast(COUPON_REMOVED);
  }

  if (empty) return <EmptyCart />;

  const byId = new Map(quote?.linhas.map((l) => [l.id, l]));

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Carrinho</h1>
        {cart.state.items.length > 0 ? (
          <Button variant="ghost" onClick={() => cart.clear()}>
            <Trash2Icon aria-hidden="true" />
            Limpar carrinho
          </Button>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Itens do carrinho">
          {!cart.hydrated ? (
            <div className="grid gap-3">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <ul className="grid gap-3">
              {cart.state.items.map((item) => {
                const line = byId.get(item.id);
                const preco = line?.preco ?? item.preco;
                return (
                  <CartLine
                    key={item.id}
                    item={item}
                    preco={preco}
                    onRemove={() => cart.remove(item.id)}
                    onUpdate={(quantidade) => cart.update(item.id, quantidade)}
                  />
                );
              })}
            </ul>
          )}
          <Button asChild variant="link" className="mt-3 px-0">
            <Link to="/loja">Continuar comprando</Link>
          </Button>
        </section>

        <aside className="grid h-fit gap-4 rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-bold">Resumo do pedido</h2>
          {cart.state.cupom && !pendingCoupon ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-green-50 p-2 text-sm">
              <span className="inline-flex items-center gap-1.5 font-semibold text-green-900">
                <TagIcon className="size-4" aria-hidden="true" />
                Cupom {cart.state.cupom}
              </span>
              <Button variant="ghost" size="sm" onClick={removeCoupon}>
                Remover cupom
              </Button>
            </div>
          ) : (
            <form onSubmit={applyCoupon} className="grid gap-1.5">
              <Label htmlFor="cupom">Cupom de desconto</Label>
              <div className="flex gap-2">
                <Input
                  id="cupom"
                  value={code}
                  onChange={(e) => setCode(e.target.value.toUpperCase())}
                  placeholder="Digite seu cupom"
                  autoComplete="off"
                  maxLength={40}
                />
                <Button type="submit" variant="outline" disabled={!cart.hydrated}>
                  Aplicar
                </Button>
              </div>
            </form>
          )}
          {quote?.cupomErro && cart.state.cupom && quote.cupomErro !== COUPON_INVALID ? (
            <p className="text-sm text-amber-800" role="status">
              {quote.cupomErro}
            </p>
          ) : null}
          {bairros.length > 0 ? (
            <div className="grid gap-1.5">
              <Label htmlFor="carrinho-bairro">Bairro de entrega</Label>
              <Select
                id="carrinho-bairro"
                value={bairro}
                onChange={(e) => setBairro(e.target.value)}
              >
                <option value="">Calcular o frete pelo bairro</option>
                {bairros.map((b) => (
                  <option key={b.nome} value={b.nome}>
                    {b.nome} ({formatBRL(b.taxaEntrega)})
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <OrderSummary quote={quote} loading={loading} />
          <Button
            asChild
            size="lg"
            className={!quote || loading ? "pointer-events-none opacity-60" : undefined}
          >
            <Link to="/loja/checkout" aria-disabled={!quote || loading}>
              Finalizar pedido
            </Link>
          </Button>
        </aside>
      </div>
    </main>
  );
}

function EmptyCart({ hidden }: { hidden?: boolean }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 text-center" hidden={hidden} data-vazio="">
      <ShoppingBagIcon className="mx-auto size-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold">Seu carrinho está vazio</h1>
      <p className="mt-2 text-slate-600">Que tal dar uma olhada nos nossos produtos?</p>
      <Button asChild size="lg" className="mt-6">
        <Link to="/loja">Continuar comprando</Link>
      </Button>
    </main>
  );
}

/**
 * One line of the cart. Without `item` it is the island's model (inside a <template>): the
 * `data-*` hooks take the product, and the labels are written with `{nome}` to fill in.
 */
function CartLine({
  item,
  preco,
  onRemove,
  onUpdate,
}: {
  item?: CartItem;
  preco?: number;
  onRemove?: () => void;
  onUpdate?: (quantidade: number) => void;
}) {
  const nome = item?.nome ?? "{nome}";
  const href = item ? `/loja/produto/${item.id}` : "/loja";
  return (
    <li
      className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3"
      data-testid="cart-line"
    >
      <Link
        to={href}
        className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
        tabIndex={-1}
        aria-hidden="true"
        data-produto=""
      >
        {item ? (
          <ProductImage src={item.imagem} alt="" sizes="96px" />
        ) : (
          <>
            <img
              alt=""
              sizes="96px"
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full bg-slate-100 object-cover"
              data-larguras={PRODUCT_IMAGE_WIDTHS.join(",")}
            />
            <span data-sem-imagem="">
              <ProductImage src={null} alt="" sizes="96px" />
            </span>
          </>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link to={href} className="font-semibold hover:underline" data-produto="" data-nome="">
            {item?.nome}
          </Link>
          <Button
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={`Remover ${nome}`}
            data-remover="Remover {nome}"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            className="flex items-center gap-1"
            role="group"
            aria-label={`Quantidade de ${nome}`}
            data-grupo="Quantidade de {nome}"
          >
            <Button
              variant="outline"
              size="icon"
              onClick={item && (() => onUpdate?.(item.quantidade - 1))}
              aria-label={`Diminuir quantidade de ${nome}`}
              data-menos="Diminuir quantidade de {nome}"
            >
              <MinusIcon aria-hidden="true" />
            </Button>
            <output
              className="w-10 text-center font-bold"
              data-testid="line-quantidade"
              data-quantidade=""
            >
              {item?.quantidade}
            </output>
            <Button
              variant="outline"
              size="icon"
              onClick={item && (() => onUpdate?.(item.quantidade + 1))}
              disabled={item ? item.quantidade >= item.estoque : false}
              aria-label={`Aumentar quantidade de ${nome}`}
              data-mais="Aumentar quantidade de {nome}"
            >
              <PlusIcon aria-hidden="true" />
            </Button>
          </div>
          <div className="text-right">
            <p className="text-xs text-slate-600" data-preco="">
              {item && preco !== undefined ? `${formatBRL(preco)} cada` : null}
            </p>
            <p className="font-bold" data-preco-linha="">
              {item && preco !== undefined ? formatBRL(preco * item.quantidade) : null}
            </p>
          </div>
        </div>
        {!item || item.quantidade >= item.estoque ? (
          <p className="text-xs text-amber-800" hidden={!item} data-maximo="">
            Quantidade máxima em estoque
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The page the server sends: the frame the `store-purchase` island fills from the cart. */
export function IslandCart({ bairros }: { bairros: Bairros }) {
  return (
    <div data-compra-pagina="">
      <main className="mx-auto max-w-6xl px-4 py-6" data-cheio="">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-extrabold sm:text-3xl">Carrinho</h1>
          <Button variant="ghost" hidden data-limpar="">
            <Trash2Icon aria-hidden="true" />
            Limpar carrinho
          </Button>
        </div>
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-label="Itens do carrinho">
            <div className="grid gap-3" data-carregando="">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
            <ul className="grid gap-3" data-linhas="" />
            <template data-linha="">
              <CartLine />
            </template>
            <Button asChild variant="link" className="mt-3 px-0">
              <Link to="/loja">Continuar comprando</Link>
            </Button>
          </section>

          <aside className="grid h-fit gap-4 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-bold">Resumo do pedido</h2>
            <div
              className="flex items-center justify-between gap-2 rounded-lg bg-green-50 p-2 text-sm"
              hidden
              data-cupom-aplicado=""
            >
              <span className="inline-flex items-center gap-1.5 font-semibold text-green-900">
                <TagIcon className="size-4" aria-hidden="true" />
                <span data-cupom-codigo="" />
              </span>
              <Button variant="ghost" size="sm" data-remover-cupom="">
                Remover cupom
              </Button>
            </div>
            <form className="grid gap-1.5" data-cupom-form="">
              <Label htmlFor="cupom">Cupom de desconto</Label>
              <div className="flex gap-2">
                <Input
                  id="cupom"
                  placeholder="Digite seu cupom"
                  autoComplete="off"
                  maxLength={40}
                />
                <Button type="submit" variant="outline" disabled>
                  Aplicar
                </Button>
              </div>
            </form>
            <p className="text-sm text-amber-800" role="status" hidden data-cupom-aviso="" />
            {bairros.length > 0 ? (
              <div className="grid gap-1.5">
                <Label htmlFor="carrinho-bairro">Bairro de entrega</Label>
                <Select id="carrinho-bairro" defaultValue="">
                  <option value="">Calcular o frete pelo bairro</option>
                  {bairros.map((b) => (
                    <option key={b.nome} value={b.nome}>
                      {b.nome} ({formatBRL(b.taxaEntrega)})
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            <OrderSummarySlot />
            <Button asChild size="lg" className="pointer-events-none opacity-60">
              <Link to="/loja/checkout" aria-disabled="true" data-finalizar="">
                Finalizar pedido
              </Link>
            </Button>
          </aside>
        </div>
      </main>
      <EmptyCart hidden />
      <InlineScript
        run={storePurchase}
        args={{
          storageKey: CART_STORAGE_KEY,
          texts: PURCHASE_TEXTS,
        }}
      />
    </div>
  );
}
