// The part of the server that lives inside the app bundle (same modules as the routes):
// boots the database and hands requests to React Router.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { boot, shutdown } from "~/server/boot.server";
import { currentDatabase, databaseReady } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { startWebhookWorker, stopWebhookWorker } from "~/server/webhooks.server";

export async function start() {
  await boot();
  startWebhookWorker(env().WEBHOOK_WORKER_INTERVAL);
}

export async function stop() {
  await stopWebhookWorker();
  await shutdown(currentDatabase());
}

/** For GET /readyz: the database answers and its migrations are applied. */
export function ready(): Promise<boolean> {
  return databaseReady(currentDatabase());
}

export const app = express.Router();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
