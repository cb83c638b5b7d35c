import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each module owns its slice of the stored model.
  schema: ["./app/modules/*/tables.server.ts", "./app/platform/tables.server.ts"],
  out: "./drizzle",
});
