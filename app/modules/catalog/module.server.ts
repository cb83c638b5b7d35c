// The catalog module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule, everyEnvSeconds } from "~/platform/module.server";
import { refreshBestSellers } from "./best-sellers.server";

export const catalogModule = defineModule({
  name: "catalog",
  jobs: [
    // "Mais vendidos" a few minutes old, as every shop shows (BEST_SELLERS_INTERVAL, s; 0: never).
    everyEnvSeconds("BEST_SELLERS_INTERVAL", {
      id: "catalog.best-sellers",
      label: "Contagem dos mais vendidos da loja",
      timeoutMs: 5 * 60_000,
      run: async () => ({ produtos: await refreshBestSellers() }),
    }),
  ],
  backup: {
    categorias: "data",
    produtos: "data",
    variantes: "data",
    // Rebuilt by triggers (migration 0007) from the products and stock a restore inserts.
    produtos_resumo: "derived",
    // Archived as before: the products whose summary still waits to be recomputed.
    produtos_resumo_pendentes: "data",
    // The store's kept filter counts and their version (migration 0015): counted again on demand.
    loja_facetas: "live",
    loja_facetas_versao: "live",
    // A migration writes the first synonyms: a freshly migrated place still counts as empty.
    sinonimos: "seeded",
  },
});
