// The mail module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { deliverMail } from "./outbox.server";

export const mailModule = defineModule({
  name: "mail",
  jobs: [
    {
      id: "mail.deliver",
      label: "Envio dos e-mails da caixa de saída",
      // Read when the runner asks: the environment is not loaded at import.
      get intervalMs() {
        return env().MAIL_WORKER_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().MAIL_WORKER_INTERVAL > 0,
      run: ({ signal }) => deliverMail(signal),
    },
  ],
});
