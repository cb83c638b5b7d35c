// Migrates the database of DATA_DIR and switches online Pix and card (Checkout Pro, up to 6x,
// 3x without interest) on, for an e2e spec that starts its own server. The credentials come
// from MERCADOPAGO_ACCESS_TOKEN / MERCADOPAGO_WEBHOOK_SECRET.

import { updateSettings } from "~/modules/shop/index.server";
import { boot, shutdown } from "~/startup/boot.server";

const database = await boot({ seed: false });
await updateSettings(database.db, {
  mercadopagoAtivo: true,
  pixExpiracaoMinutos: 30,
  cartaoAtivo: true,
  cartaoParcelasMax: 6,
  cartaoParcelasSemJuros: 3,
});
await shutdown(database);
