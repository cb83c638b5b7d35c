import { ShoppingBagIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * "Seu carrinho está vazio", in place of the cart or the checkout: served hidden, the
 * store-purchase island shows it when the stored cart turns out empty.
 */
export function EmptyCart({ hint, linkText }: { hint?: string; linkText: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 text-center" hidden data-vazio="">
      <ShoppingBagIcon className="mx-auto size-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold">Seu carrinho está vazio</h1>
      {hint ? <p className="mt-2 text-slate-600">{hint}</p> : null}
      <Button asChild size="lg" className="mt-6">
        <Link reloadDocument to="/loja">
          {linkText}
        </Link>
      </Button>
    </main>
  );
}
