import { boot, shutdown } from "~/server/boot.server";
import { seedDatabase } from "~/server/seed.server";

const database = await boot({ seed: false });
const { seeded } = await seedDatabase();
console.log(seeded ? "Catálogo de demonstração criado." : "Banco já tinha dados: nada a fazer.");
await shutdown(database);
