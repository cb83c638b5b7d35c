import { MinusIcon, PlusIcon, ShoppingBagIcon, TagIcon, Trash2Icon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { toast } from "sonner";
import { useCart } from "~/components/loja/cart-context";
import { OrderSummary } from "~/components/loja/order-summary";
import { ProductImage } from "~/components/loja/product-image";
import { useCartQuote } from "~/components/loja/use-cart-quote";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { shop } from "~/content/shop";
import { COUPON_INVALID, COUPON_REMOVED, couponAppliedMessage } from "~/domain/coupon";
import { formatBRL } from "~/domain/money";
import { listActiveBairros } from "~/server/bairros.server";
import { logger } from "~/server/logger.server";

export function meta() {
  return [{ title: `Carrinho | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

/** The served neighbourhoods, so the cart shows the delivery fee with the coupon. */
export async function loader() {
  try {
    const bairros = await listActiveBairros();
    return { bairros: bairros.map((b) => ({ nome: b.nome, taxaEntrega: b.taxaEntrega })) };
  } catch (error) {
    logger.error({ err: error }, "falha ao carregar os bairros atendidos");
    return { bairros: [] };
  }
}

export default function CartPage() {
  const { bairros } = useLoaderData<typeof loader>();
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

  if (empty) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-12 text-center">
        <ShoppingBagIcon className="mx-auto size-14 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-extrabold">Seu carrinho está vazio</h1>
        <p className="mt-2 text-slate-600">Que tal dar uma olhada nos nossos produtos?</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/loja">Continuar comprando</Link>
        </Button>
      </main>
    );
  }

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
                  <li
                    key={item.id}
                    className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3"
                    data-testid="cart-line"
                  >
                    <Link
                      to={`/loja/produto/${item.id}`}
                      className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
                      tabIndex={-1}
                      aria-hidden="true"
                    >
                      <ProductImage src={item.imagem} alt="" sizes="96px" />
                    </Link>
                    <div className="flex min-w-0 flex-1 flex-col gap-2">
                      <div className="flex items-start justify-between gap-2">
                        <Link
                          to={`/loja/produto/${item.id}`}
                          className="font-semibold hover:underline"
                        >
                          {item.nome}
                        </Link>
                        <Button
                          variant="ghost"
                          size="icon"
                          onClick={() => cart.remove(item.id)}
                          aria-label={`Remover ${item.nome}`}
                        >
                          <XIcon aria-hidden="true" />
                        </Button>
                      </div>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <div
                          className="flex items-center gap-1"
                          role="group"
                          aria-label={`Quantidade de ${item.nome}`}
                        >
                          <Button
                            variant="outline"
                            size="icon"
                            onClick={() => cart.update(item.id, item.quantidade - 1)}
                            aria-label={`Diminuir quantidade de ${item.nome}`}
                          >
                            <MinusIcon aria-hidden="true" />
                          </Button>
                          <output
                            className="w-10 text-center font-bold"
                            data-testid="line-quantidade"
                          >
                            {item.quantidade}
                          </output>
                          <Button
                            variant="outline"
                            size="icon"
                            onClick={() => cart.update(item.id, item.quantidade + 1)}
                            disabled={item.quantidade >= item.estoque}
                            aria-label={`Aumentar quantidade de ${item.nome}`}
                          >
                            <PlusIcon aria-hidden="true" />
                          </Button>
                        </div>
                        <div className="text-right">
                          <p className="text-xs text-slate-600">{formatBRL(preco)} cada</p>
                          <p className="font-bold">{formatBRL(preco * item.quantidade)}</p>
                        </div>
                      </div>
                      {item.quantidade >= item.estoque ? (
                        <p className="text-xs text-amber-800">Quantidade máxima em estoque</p>
                      ) : null}
                    </div>
                  </li>
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
