// The catalog module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { refreshBestSellers } from "./best-sellers.server";

export const catalogModule = defineModule({
  name: "catalog",
  jobs: [
    {
      // "Mais vendidos" a few minutes old, as every shop shows (BEST_SELLERS_INTERVAL, s; 0: never).
      id: "catalog.best-sellers",
      label: "Contagem dos mais vendidos da loja",
      get intervalMs() {
        return env().BEST_SELLERS_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().BEST_SELLERS_INTERVAL > 0,
      run: async () => ({ produtos: await refreshBestSellers() }),
    },
  ],
});
