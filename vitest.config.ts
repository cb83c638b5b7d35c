import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { islands } from "./vite/islands";

const root = import.meta.dirname;

export default defineConfig({
  plugins: [tsconfigPaths(), islands({ root, clientOutDir: path.join(root, "build", "client") })],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
  },
});
