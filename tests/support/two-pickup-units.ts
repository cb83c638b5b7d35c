// Prepares the data directory of an e2e spec's own server (run before it starts: PGlite takes
// one process at a time): the demo shop, its "Nova Unidade" open for pick-up (no delivery)
// holding the Bravecto and no Golden 15 kg, as issue 39 found them; manual Pix with a key and
// online Pix (the credentials come from MERCADOPAGO_ACCESS_TOKEN) switched on.
import { and, eq } from "drizzle-orm";
import { variantes } from "~/modules/catalog/testing.server";
import { setStockInHand } from "~/modules/inventory/index.server";
import { updateSettings } from "~/modules/shop/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { boot, shutdown } from "~/startup/boot.server";
import { manualPix } from "./factories";

const database = await boot();
const [nova] = await database.db
  .update(unidades)
  .set({ emBreve: false, retiradaAtiva: true, atendeEntregas: false })
  .where(eq(unidades.slug, "rua-406"))
  .returning();
const [bravecto] = await database.db
  .select()
  .from(variantes)
  .where(and(eq(variantes.sku, "MED-BRAV-1020")));
if (!nova || !bravecto) throw new Error("demo sem a Nova Unidade ou o Bravecto");
await database.db.transaction(async (tx) => {
  const result = await setStockInHand(tx as never, {
    varianteId: bravecto.id,
    unidadeId: nova.id,
    emMaos: 5,
    tipo: "ajuste",
    motivo: "e2e: segunda unidade de retirada",
  });
  if (!result.ok) throw new Error("estoque não gravado");
});
await updateSettings(database.db, {
  ...manualPix("pix@agropet.example.com"),
  mercadopagoAtivo: true,
  pixExpiracaoMinutos: 30,
});
await shutdown(database);
