import { afterEach, vi } from "vitest";
import { configureZod } from "~/lib/zod-config";

// As in production (app/entry.server.tsx): zod speaks pt-BR.
configureZod();

process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";

// An unexpected console.error is a failing test (expected ones are spied on and asserted).
const originalError = console.error;
afterEach(() => {
  vi.restoreAllMocks();
});
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error chamado durante o teste: ${args.map(String).join(" ")}`);
};
