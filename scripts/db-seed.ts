import { boot, shutdown } from "~/startup/boot.server";
import { seedDatabase } from "~/startup/seed.server";

const database = await boot({ seed: false });
const { seeded } = await seedDatabase();
console.log(seeded ? "Catálogo de demonstração criado." : "Banco já tinha dados: nada a fazer.");
await shutdown(database);
