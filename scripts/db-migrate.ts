import { boot, shutdown } from "~/startup/boot.server";

const database = await boot({ seed: false });
console.log("Migrações aplicadas.");
await shutdown(database);
