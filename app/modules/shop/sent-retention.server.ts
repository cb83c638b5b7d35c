// The daily purge of what went out (rendered e-mails, webhook payloads) past the period the
// owner sets in Privacidade (retencao_envios_dias): one job shape for every module that keeps
// sent content, each with its own purge.
import { DAY_MS, type JobDefinition, MINUTE_MS } from "~/platform/module.server";
import { getSettings } from "./settings.server";

export function sentRetentionJob(
  id: string,
  label: string,
  /** The count the run records, e.g. "emails". */
  countKey: string,
  purge: (days: number, options: { signal?: AbortSignal }) => Promise<number>,
): JobDefinition {
  return {
    id,
    label,
    intervalMs: DAY_MS,
    timeoutMs: 15 * MINUTE_MS,
    firstRunAfterMs: 10 * MINUTE_MS,
    run: async ({ signal }) => {
      const { retencaoEnviosDias } = await getSettings();
      return { [countKey]: await purge(retencaoEnviosDias, { signal }) };
    },
  };
}
