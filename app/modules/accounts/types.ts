// Types the admin screens need from this module, safe in client code (erased at build).
import type { getSecurityOverview } from "./security.server";

/** The security screen's data: counters, recent audit entries, rate-limit rows. */
export type SecurityOverview = Awaited<ReturnType<typeof getSecurityOverview>>;
