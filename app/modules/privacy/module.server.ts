// The privacy module's declaration of what it adds to the shared machinery (decision 0059).

import { defineModule } from "~/platform/module.server";
import { purgeExpiredPersonalData } from "./retention.server";

export const privacyModule = defineModule({
  name: "privacy",
  jobs: [
    {
      // Resumes and grooming photos past the retention period the admin set (LGPD).
      id: "privacy.retention",
      label: "Retenção de currículos e fotos de pets (LGPD)",
      intervalMs: 6 * 60 * 60_000,
      timeoutMs: 15 * 60_000,
      run: async () => {
        const { curriculos, fotos } = await purgeExpiredPersonalData();
        return { curriculos, fotos };
      },
    },
  ],
});
