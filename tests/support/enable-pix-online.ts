// Migrates the database of DATA_DIR and switches online Pix on, for an e2e spec that starts
// its own server (PGlite takes one process at a time: run it before that server starts).
// The credentials come from MERCADOPAGO_ACCESS_TOKEN / MERCADOPAGO_WEBHOOK_SECRET.

import { updateSettings } from "~/modules/shop/index.server";
import { boot, shutdown } from "~/startup/boot.server";

const database = await boot({ seed: false });
await updateSettings(database.db, { mercadopagoAtivo: true, pixExpiracaoMinutos: 30 });
await shutdown(database);
