// Asks the server for the cart preview whenever the lines, the coupon or the
// neighbourhood change, and folds the server's prices and stock back into the cart.
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useCart } from "~/components/loja/cart-context";
import type { CartQuote } from "~/modules/orders";
import { encodeCartLines, quoteWarnings } from "~/modules/orders";

export function quoteUrl(
  lines: string,
  cupom: string | null,
  bairro?: string | null,
  formaPagamento?: string | null,
) {
  const params = new URLSearchParams({ itens: lines });
  if (cupom) params.set("cupom", cupom);
  if (bairro) params.set("bairro", bairro);
  if (formaPagamento) params.set("formaPagamento", formaPagamento);
  return `/loja/resumo?${params}`;
}

export function useCartQuote(
  options: { bairro?: string | null; formaPagamento?: string | null } = {},
) {
  const cart = useCart();
  const fetcher = useFetcher<CartQuote | { erro: string }>();
  const lines = encodeCartLines(cart.state.items);
  const url = quoteUrl(lines, cart.state.cupom, options.bairro, options.formaPagamento);
  const asked = useRef<string[]>([]);
  /** The URL of the last load: data is stale while it differs from the current one. */
  const requested = useRef("");
  const { load } = fetcher;

  useEffect(() => {
    if (!cart.hydrated || !lines) return;
    asked.current = lines.split(",").map((l) => l.split(":")[0]!);
    requested.current = url;
    void load(url);
  }, [cart.hydrated, lines, url, load]);

  const answer = fetcher.data;
  const quote = answer && !("erro" in answer) ? answer : undefined;
  const failure = answer && "erro" in answer ? answer.erro : null;
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);
  const { dispatch, state } = cart;
  useEffect(() => {
    if (!quote) return;
    for (const warning of quoteWarnings(quote.linhas)) toast.warning(warning);
    dispatch({
      type: "sync",
      requested: asked.current,
      products: quote.linhas
        .filter((l) => l.disponivel)
        .map((l) => ({
          id: l.id,
          nome: l.nome,
          preco: l.preco,
          imagem: l.imagemUrl,
          estoque: l.estoque,
        })),
    });
  }, [quote, dispatch]);

  const reload = useCallback(() => (lines ? load(url) : Promise.resolve()), [lines, load, url]);
  const empty = cart.hydrated && state.items.length === 0;
  const current = quote && lines ? quote : null;
  return {
    quote: current,
    loading:
      !empty && (!cart.hydrated || fetcher.state !== "idle" || !quote || requested.current !== url),
    empty,
    reload,
  };
}
