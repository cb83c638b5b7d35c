import { TruckIcon } from "lucide-react";
import { freeDeliveryFrom } from "~/modules/shop";

/**
 * Top banner of every public page (SPEC §2.1). General wording: checkout gives free
 * delivery in every served neighbourhood, so the banner names none.
 */
export function FreeDeliveryBanner({ freteGratisMinimo }: { freteGratisMinimo: number }) {
  return (
    <div className="bg-brand-800 px-3 py-2 text-center text-sm font-medium text-white">
      <p className="flex items-center justify-center gap-2" data-testid="free-delivery-banner">
        <TruckIcon className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Entrega grátis nos bairros atendidos em compras{" "}
          <strong>{freeDeliveryFrom(freteGratisMinimo)}</strong>
        </span>
      </p>
    </div>
  );
}
