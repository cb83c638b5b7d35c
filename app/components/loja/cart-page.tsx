// The cart page, served without React (decisions 0013 and 0020): the frame the
// `store-purchase` island fills from the stored cart, with the rules and texts of
// ~/modules/orders/cart.
import { MinusIcon, PlusIcon, TagIcon, Trash2Icon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { CART_STORAGE_KEY } from "~/components/loja/cart-context";
import { EmptyCart } from "~/components/loja/empty-cart";
import { OrderSummarySlot, type SummaryQuote } from "~/components/loja/order-summary";
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
import { CART_FORM_ACTION, type CartQuote, cartLineHref, quoteWarnings } from "~/modules/orders";

/** The served neighbourhoods with their fees, as the cart page's loader gives them. */
export type Bairros = { nome: string; taxaEntrega: number }[];

/** The cart the server keeps for a browser without JavaScript (decision 0040), quoted. */
export interface ServerCart {
  quote: SummaryQuote & Pick<CartQuote, "linhas" | "cupomErro" | "bairro">;
  cupom: string | null;
}

/** A hidden field of a cart form. */
const Hidden = ({ name, value }: { name: string; value: string }) => (
  <input type="hidden" name={name} value={value} />
);

/**
 * One line of the server's cart: plain forms to the cart's action (quantity, removal), with
 * the same names and labels as the island's lines (which replace them when scripts run).
 */
function ServerCartLine({ line }: { line: ServerCart["quote"]["linhas"][number] }) {
  const { nome } = line;
  const href = cartLineHref(line);
  return (
    <li
      className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3"
      data-testid="cart-line"
      data-id={line.id}
    >
      <Link
        reloadDocument
        to={href}
        className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage src={line.imagemUrl} alt="" sizes="96px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link reloadDocument to={href} className="font-semibold hover:underline">
            {nome}
          </Link>
          <form method="post" action={CART_FORM_ACTION}>
            <Hidden name="intent" value="remover" />
            <Hidden name="varianteId" value={line.id} />
            <Button type="submit" variant="ghost" size="icon" aria-label={`Remover ${nome}`}>
              <XIcon aria-hidden="true" />
            </Button>
          </form>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <form
            method="post"
            action={CART_FORM_ACTION}
            className="flex items-center gap-1"
            role="group"
            aria-label={`Quantidade de ${nome}`}
          >
            <Hidden name="intent" value="quantidade" />
            <Hidden name="varianteId" value={line.id} />
            <Button
              type="submit"
              variant="outline"
              size="icon"
              name="quantidade"
              value={String(line.quantidade - 1)}
              aria-label={`Diminuir quantidade de ${nome}`}
            >
              <MinusIcon aria-hidden="true" />
            </Button>
            <output className="w-10 text-center font-bold" data-testid="line-quantidade">
              {line.quantidade}
            </output>
            <Button
              type="submit"
              variant="outline"
              size="icon"
              name="quantidade"
              value={String(line.quantidade + 1)}
              disabled={line.quantidade >= line.estoque}
              aria-label={`Aumentar quantidade de ${nome}`}
            >
              <PlusIcon aria-hidden="true" />
            </Button>
          </form>
          <div className="text-right">
            <p className="text-xs text-slate-600">{formatBRL(line.preco)} cada</p>
            <p className="font-bold">{formatBRL(line.preco * line.quantidade)}</p>
          </div>
        </div>
        {line.quantidade >= line.estoque ? (
          <p className="text-xs text-amber-800">Quantidade máxima em estoque</p>
        ) : null}
      </div>
    </li>
  );
}

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

/**
 * The page the server sends: the frame the `store-purchase` island fills from the browser's
 * cart; when the server keeps the cart (a browser without JavaScript, decision 0040), filled
 * already, with plain forms. Without either, a browser without JavaScript reads that the cart
 * is empty (`<noscript>`), and the frame waiting for the island is hidden from it.
 */
export function CartPage({ bairros, servidor }: { bairros: Bairros; servidor: ServerCart | null }) {
  const quote = servidor?.quote ?? null;
  const lines = quote?.linhas.filter((l) => l.disponivel) ?? [];
  const warnings = quote ? quoteWarnings(quote.linhas) : [];
  const couponOn = Boolean(quote?.cupom);
  const couponNote = servidor?.cupom && !quote?.cupom ? quote?.cupomErro : null;
  const waiting = servidor ? "" : "noscript:hidden";
  return (
    <div data-compra-pagina="">
      <main className="mx-auto max-w-6xl px-4 py-6" data-cheio="">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-extrabold sm:text-3xl">Carrinho</h1>
          <form method="post" action={CART_FORM_ACTION} className={waiting}>
            <Hidden name="intent" value="limpar" />
            <Button type="submit" variant="ghost" hidden={!servidor} data-limpar="">
              <Trash2Icon aria-hidden="true" />
              Limpar carrinho
            </Button>
          </form>
        </div>
        {servidor ? null : (
          <noscript>
            <div className="mx-auto max-w-3xl py-6 text-center">
              <h2 className="text-2xl font-extrabold">Seu carrinho está vazio</h2>
              <p className="mt-2 text-slate-600">Que tal dar uma olhada nos nossos produtos?</p>
              <a
                href="/loja"
                className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white"
              >
                Continuar comprando
              </a>
            </div>
          </noscript>
        )}
        {warnings.length > 0 ? (
          <ul className="mb-4 grid gap-1" role="status">
            {warnings.map((w) => (
              <li key={w} className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                {w}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={`grid gap-6 lg:grid-cols-[1fr_22rem] ${waiting}`}>
          <section aria-label="Itens do carrinho">
            {servidor ? null : (
              <div className="grid gap-3" data-carregando="">
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            )}
            <ul className="grid gap-3" data-linhas="">
              {lines.map((line) => (
                <ServerCartLine key={line.id} line={line} />
              ))}
            </ul>
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
            <form
              method="post"
              action={CART_FORM_ACTION}
              className="flex items-center justify-between gap-2 rounded-lg bg-green-50 p-2 text-sm"
              hidden={!couponOn}
              data-cupom-aplicado=""
            >
              <Hidden name="intent" value="remover-cupom" />
              <span className="inline-flex items-center gap-1.5 font-semibold text-green-900">
                <TagIcon className="size-4" aria-hidden="true" />
                <span data-cupom-codigo="">
                  {quote?.cupom ? `Cupom ${quote.cupom.codigo}` : ""}
                </span>
              </span>
              <Button type="submit" variant="ghost" size="sm" data-remover-cupom="">
                Remover cupom
              </Button>
            </form>
            <form
              method="post"
              action={CART_FORM_ACTION}
              className="grid gap-1.5"
              hidden={couponOn}
              data-cupom-form=""
            >
              <Hidden name="intent" value="cupom" />
              <Label htmlFor="cupom">Cupom de desconto</Label>
              <div className="flex gap-2">
                <Input
                  id="cupom"
                  name="codigo"
                  placeholder="Digite seu cupom"
                  autoComplete="off"
                  maxLength={40}
                />
                <Button type="submit" variant="outline">
                  Aplicar
                </Button>
              </div>
            </form>
            <p
              className="text-sm text-amber-800"
              role="status"
              hidden={!couponNote}
              data-cupom-aviso=""
            >
              {couponNote ?? ""}
            </p>
            {bairros.length > 0 ? (
              <form method="post" action={CART_FORM_ACTION} className="grid gap-1.5">
                <Hidden name="intent" value="bairro" />
                <Label htmlFor="carrinho-bairro">Bairro de entrega</Label>
                <div className="flex gap-2">
                  <Select id="carrinho-bairro" name="bairro" defaultValue={quote?.bairro ?? ""}>
                    <option value="">Calcular o frete pelo bairro</option>
                    {bairros.map((b) => (
                      <option key={b.nome} value={b.nome}>
                        {b.nome} ({formatBRL(b.taxaEntrega)})
                      </option>
                    ))}
                  </Select>
                  {/* Scripts recalculate on change; without them, this button does. */}
                  <Button type="submit" variant="outline" className="hidden noscript:inline-flex">
                    Calcular frete
                  </Button>
                </div>
              </form>
            ) : null}
            <OrderSummarySlot quote={quote} />
            {servidor ? (
              <Button asChild size="lg">
                <Link reloadDocument to="/loja/checkout" data-finalizar="">
                  Finalizar pedido
                </Link>
              </Button>
            ) : (
              <Button asChild size="lg" className="pointer-events-none opacity-60">
                <Link reloadDocument to="/loja/checkout" aria-disabled="true" data-finalizar="">
                  Finalizar pedido
                </Link>
              </Button>
            )}
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
