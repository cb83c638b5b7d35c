// The catalog module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

export const catalogModule = defineModule({
  name: "catalog",
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
