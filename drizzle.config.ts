import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/infra/db/schema.server.ts",
  out: "./drizzle",
});
