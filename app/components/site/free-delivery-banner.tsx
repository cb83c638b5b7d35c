import { TruckIcon } from "lucide-react";
import { shop } from "~/content/shop";

/** Top banner of every public page (SPEC §2.1). */
export function FreeDeliveryBanner() {
  return (
    <div className="bg-brand-800 px-3 py-2 text-center text-sm font-medium text-white">
      <p className="flex items-center justify-center gap-2">
        <TruckIcon className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Entrega grátis em {shop.freeDeliveryNeighbourhood} para compras acima de{" "}
          <strong>R$ 40,00</strong>
        </span>
      </p>
    </div>
  );
}
