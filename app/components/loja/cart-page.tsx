// The cart page, served without React (decisions 0013 and 0020): the frame the
// `store-purchase` island fills from the stored cart, with the rules and texts of
// ~/modules/orders/cart.
import { TagIcon, Trash2Icon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { CART_STORAGE_KEY } from "~/components/loja/cart-context";
import { EmptyCart } from "~/components/loja/empty-cart";
import { OrderSummarySlot } from "~/components/loja/order-summary";
import { ProductImage } from "~/components/loja/product-image";
import { PURCHASE_TEXTS } from "~/components/loja/purchase-texts";
import { QuantityButton } from "~/components/loja/quantity-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { formatBRL } from "~/domain/money";
import { Island } from "~/islands/island";
import { PRODUCT_IMAGE_WIDTHS } from "~/modules/catalog";

/** The served neighbourhoods with their fees, as the cart page's loader gives them. */
export type Bairros = { nome: string; taxaEntrega: number }[];

/**
 * The model of one line of the cart, inside a <template>: the island clones it per line; the
 * `data-*` hooks take the product, and the labels are written with `{nome}` to fill in.
 */
function CartLine() {
  return (
    <li
      className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3"
      data-testid="cart-line"
    >
      <Link
        reloadDocument
        to="/loja"
        className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
        tabIndex={-1}
        aria-hidden="true"
        data-produto=""
      >
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
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link
            reloadDocument
            to="/loja"
            className="font-semibold hover:underline"
            data-produto=""
            data-nome=""
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Remover {nome}"
            data-remover="Remover {nome}"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            className="flex items-center gap-1"
            role="group"
            aria-label="Quantidade de {nome}"
            data-grupo="Quantidade de {nome}"
          >
            <QuantityButton
              change="menos"
              label="Diminuir quantidade de {nome}"
              hook="Diminuir quantidade de {nome}"
            />
            <output
              className="w-10 text-center font-bold"
              data-testid="line-quantidade"
              data-quantidade=""
            />
            <QuantityButton
              change="mais"
              label="Aumentar quantidade de {nome}"
              hook="Aumentar quantidade de {nome}"
            />
          </div>
          <div className="text-right">
            <p className="text-xs text-slate-600" data-preco="" />
            <p className="font-bold" data-preco-linha="" />
          </div>
        </div>
        <p className="text-xs text-amber-800" hidden data-maximo="">
          Quantidade máxima em estoque
        </p>
      </div>
    </li>
  );
}

/** The page the server sends: the frame the `store-purchase` island fills from the cart. */
export function CartPage({ bairros }: { bairros: Bairros }) {
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
              <Link reloadDocument to="/loja">
                Continuar comprando
              </Link>
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
              <Link reloadDocument to="/loja/checkout" aria-disabled="true" data-finalizar="">
                Finalizar pedido
              </Link>
            </Button>
          </aside>
        </div>
      </main>
      <EmptyCart
        hint="Que tal dar uma olhada nos nossos produtos?"
        linkText="Continuar comprando"
      />
      <Island
        name="store-purchase"
        props={{
          storageKey: CART_STORAGE_KEY,
          texts: PURCHASE_TEXTS,
        }}
      />
    </div>
  );
}
