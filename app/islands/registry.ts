// Every island and the props its page gives it: the page renders `<Island name props>`
// (./island.tsx) and the island's entry (`<name>.island.ts`) reads the same props back
// (./mount.ts), so both ends are typed by this one map.
import type { AccountLinkOptions } from "~/islands/account-link";
import type { BookingPhotoHintOptions } from "~/islands/booking-photo-hint";
import type { CartClearOptions } from "~/islands/cart-clear";
import type { CartMergeOptions } from "~/islands/cart-merge";
import type { CatalogFilterOptions } from "~/islands/catalog-filter";
import type { FormSenderOptions } from "~/islands/form-sender";
import type { QuoteDialogOptions } from "~/islands/quote-dialog";
import type { StoreCartOptions } from "~/islands/store-cart";
import type { StorePurchaseOptions } from "~/islands/store-purchase";
import type { StoreSuggestOptions } from "~/islands/store-suggest";
import type { SubmitOnChangeOptions } from "~/islands/submit-on-change";
import type { UnitHoursOptions } from "~/islands/unit-hours";

export interface IslandProps {
  "account-link": AccountLinkOptions;
  "booking-photo-hint": BookingPhotoHintOptions;
  "cart-clear": CartClearOptions;
  "cart-merge": CartMergeOptions;
  "catalog-filter": CatalogFilterOptions;
  "form-sender": FormSenderOptions;
  "quote-dialog": QuoteDialogOptions;
  "store-cart": StoreCartOptions;
  "store-purchase": StorePurchaseOptions;
  "store-suggest": StoreSuggestOptions;
  "submit-on-change": SubmitOnChangeOptions;
  "unit-hours": UnitHoursOptions;
}

export type IslandName = keyof IslandProps;
