import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 3100);
// With E2E_BASE_URL the specs run against servers already running there (CI's two
// instances behind nginx): no server is started, and only the specs that make sense on
// a shared deployment run (admin sign-in and actions, checkout, quote with photos,
// resume upload and download).
const externalBaseUrl = process.env.E2E_BASE_URL;
const EXTERNAL_SPECS = [
  "admin-core.spec.ts",
  "store-checkout.spec.ts",
  "public-forms.spec.ts",
  "admin-ops-cross.spec.ts",
];
// A fresh data directory per run: the server migrates and seeds it at start.
const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `agropet-e2e-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;
// The mail server the app sends to (tests/support/smtp-inbox-server.ts): what it gets is
// kept as .eml files in this folder, the customers' mailbox for the specs.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || PORT + 25);
export const E2E_SMTP_DIR = path.join(dataDir, "smtp-inbox");

export const E2E_ADMIN = { email: "admin@agropet.test", password: "Tucano-Farelo-Serra-2026" };

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: externalBaseUrl ? EXTERNAL_SPECS : undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: "node --import tsx tests/support/smtp-inbox-server.ts",
          port: SMTP_PORT,
          reuseExistingServer: false,
          timeout: 30_000,
          env: { E2E_SMTP_DIR, E2E_SMTP_PORT: String(SMTP_PORT) },
        },
        {
          command: "node --import tsx server.ts",
          url: `http://localhost:${PORT}/`,
          reuseExistingServer: false,
          timeout: 120_000,
          env: {
            NODE_ENV: "production",
            PORT: String(PORT),
            DATA_DIR: dataDir,
            ADMIN_EMAIL: E2E_ADMIN.email,
            ADMIN_PASSWORD: E2E_ADMIN.password,
            LOG_LEVEL: "warn",
            WEBHOOK_WORKER_INTERVAL: "1",
            MAIL_WORKER_INTERVAL: "1",
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          },
        },
      ],
});
