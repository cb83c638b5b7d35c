// The inventory module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

export const inventoryModule = defineModule({
  name: "inventory",
  backup: {
    estoque: "data",
    movimentos_estoque: "data",
    transferencias_estoque: "data",
    contagens: "data",
    contagem_itens: "data",
    contagem_leituras: "data",
  },
});
