import { vacuumEmbedded } from "~/platform/db/maintenance.server";
import { boot, shutdown } from "~/startup/boot.server";
import { seedDatabase } from "~/startup/seed.server";

const database = await boot({ seed: false });
const { seeded } = await seedDatabase();
// PGlite has no autovacuum: the new catalogue's statistics now.
if (seeded) await vacuumEmbedded(database);
console.log(seeded ? "Catálogo de demonstração criado." : "Banco já tinha dados: nada a fazer.");
await shutdown(database);
