// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { SpeciesFilter } from "./filter";
export {
  categoryChatMessage,
  categoryCountLabel,
  filterCategories,
  parseSpeciesFilter,
} from "./filter";
export { VARIANT_COLUMNS } from "./import-columns";
export { ROW_OUTCOME_LABELS } from "./import-plan";
export type { StoreListingQuery } from "./listing";
export {
  EMPTY_FACETS,
  isFilteredListing,
  STORE_LISTING_PARAMS,
  STORE_PAGE_SIZE,
  STORE_SORTS,
  STORE_SPECIES,
  stockText,
  storeListingHref,
  storeListingQuery,
  UUID_PATTERN,
} from "./listing";
export {
  categorySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_WRONG_TYPE,
  productSchema,
} from "./product.schema";
export { PRODUCT_IMAGE_WIDTHS, productImageSrcSet } from "./product-image";
export {
  MAX_SEARCH_WORD_LENGTH,
  MAX_SEARCH_WORDS,
  normalizeSearch,
  productSearchText,
} from "./search";
export { isLowStock, LOW_STOCK_THRESHOLD } from "./stock-levels";
export { MAX_SYNONYM_TERMS, SYNONYMS_INVALID, synonymGroupSchema } from "./synonyms.schema";
export type {
  AdminProduct,
  EditableProduct,
  FacetValue,
  ImportPreview,
  ImportResult,
  ProductVariantsView,
  StoreCategory,
  StoreFacets,
  StoreProduct,
  Suggestion,
  SynonymGroup,
} from "./types";
export type { OptionValueChoice } from "./variant-choice";
export {
  chooseVariant,
  lineName,
  optionChoices,
  pricePerKg,
  unitAvailabilityText,
} from "./variant-choice";
export type { OptionForm, VariantRowForm, VariantsForm } from "./variant-form";
export {
  combinations,
  MAX_OPTIONS,
  mergeCombinations,
  newCombinationRow,
  optionIssues,
  splitValues,
  variantLabel,
  variantsFormSchema,
  variantsJsonSchema,
} from "./variant-form";
