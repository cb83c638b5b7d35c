import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { islands } from "./vite/islands";

const root = import.meta.dirname;

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle starts at http/app.ts, so it shares modules with the routes.
  build: isSsrBuild ? { rollupOptions: { input: "./http/app.ts" } } : undefined,
  plugins: [
    tailwindcss(),
    reactRouter(),
    tsconfigPaths(),
    islands({ root, clientOutDir: path.join(root, "build", "client") }),
  ],
  // Native and Node-only packages stay outside the server bundle.
  ssr: { external: ["@electric-sql/pglite", "argon2", "sharp", "pg", "exceljs", "pino"] },
}));
