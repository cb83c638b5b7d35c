import { boot, shutdown } from "~/server/boot.server";

const database = await boot({ seed: false });
console.log("Migrações aplicadas.");
await shutdown(database);
