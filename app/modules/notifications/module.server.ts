// The notifications module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { deliverWebhooks } from "./webhooks.server";

export const notificationsModule = defineModule({
  name: "notifications",
  jobs: [
    {
      id: "notifications.deliver",
      label: "Entrega dos webhooks da caixa de saída",
      // Read when the runner asks: the environment is not loaded at import.
      get intervalMs() {
        return env().WEBHOOK_WORKER_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().WEBHOOK_WORKER_INTERVAL > 0,
      run: ({ signal }) => deliverWebhooks(signal),
    },
  ],
});
