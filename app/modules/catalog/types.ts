// Types the store's components need from this module, safe in client code (erased at build).
export type { StoreCategory } from "./categories.server";
export type { ImportPreview, ImportResult } from "./import.server";
export type { FacetValue, StoreFacets } from "./listing";
export type { AdminProduct, EditableProduct, StoreProduct } from "./products.server";
export type { Suggestion } from "./suggestions.server";
export type { SynonymGroup } from "./synonyms.server";
export type { ProductVariantsView } from "./variants.server";
