import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";

/** The link back to the store's listing, above a product or an order. */
export function BackToStore() {
  return (
    <Link
      reloadDocument
      to="/loja"
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      Voltar para a loja
    </Link>
  );
}
