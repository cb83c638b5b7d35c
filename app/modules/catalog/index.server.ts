// The module's server face: what other modules, routes, scripts and tests may use.

export { refreshBestSellers } from "./best-sellers.server";
export {
  catalogueCsv,
  catalogueXlsx,
  exportFileName,
} from "./catalog-export.server";
export { findOrCreateCategory, listCategories } from "./categories.server";
export type { ImportProduct, MappedRow } from "./csv-import.server";
export { templateCsv } from "./csv-import.server";
export type { EntryVariant } from "./entry-variants.server";
export {
  findVariantsByText,
  recordEntryCosts,
  unitCosts,
  variantsByGtin,
  variantsById,
} from "./entry-variants.server";
export type { ImportStockMove, ImportStockWriter } from "./import.server";
export {
  checkRows,
  configureImportWorker,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_HEAVY,
  importCheckedRows,
  importProducts,
  importStagedFile,
  NO_VALID_PRODUCTS,
  previewImport,
  stockUnitSlugs,
  stopImportWorker,
  warmImportWorker,
} from "./import.server";
export { parseImportBytes } from "./import-parse.server";
export { checkXlsxZip, XLSX_TOO_LARGE } from "./import-zip.server";
export { deleteProductImage, saveProductImage } from "./product-image.server";
export {
  createProduct,
  deleteProduct,
  getStoreProduct,
  listAdminProducts,
  MAX_ADMIN_PRODUCT_PAGES,
  PRODUCTS_PAGE_SIZE,
  setProductActive,
  updateProduct,
  VARIANT_SUMMARY_SQL,
} from "./products.server";
export {
  runSearchSql,
  SEARCH_STATEMENT_TIMEOUT_MS,
  SearchTooSlowError,
  variantByCode,
} from "./search.server";
export {
  enterSearchRequest,
  inSearchTurn,
  isStoreSearch,
  resetShopSearchBucket,
  SEARCH_BURST,
  SEARCH_BUSY_MESSAGE,
  SEARCH_BUSY_PAGE,
  SEARCH_LIMIT_MESSAGE,
  SearchBusyError,
  searchRetryAfter,
  takeSearchToken,
} from "./search-limit.server";
export { activeProductCount, stockCounts } from "./stock-figures.server";
export { listStoreProducts, storeListingKept } from "./store-listing.server";
export { storeSuggestions, storeSuggestionsKept } from "./suggestions.server";
export {
  refreshPendingSummaries,
  startSummaryQueue,
  stopSummaryQueue,
} from "./summary-queue.server";
export {
  createSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroups,
  updateSynonymGroup,
} from "./synonyms.server";
export { getProductVariants, saveProductVariants } from "./variants.server";
export type { SaleVariant } from "./variants-sale.server";
export { productSaleVariants, saleVariants } from "./variants-sale.server";
