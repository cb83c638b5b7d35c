// Every periodic job an instance runs: the platform's own and each registered module's
// (declared in its manifest, decision 0059). The runner and the admin's screen read this list.
import { type JobDefinition, registeredModules } from "~/platform/module.server";
import { PLATFORM_JOBS } from "./platform-jobs.server";

export function declaredJobs(): JobDefinition[] {
  return [...PLATFORM_JOBS, ...registeredModules().flatMap((m) => m.jobs ?? [])];
}
