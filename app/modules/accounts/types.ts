// Types the admin screens need from this module, safe in client code (erased at build).
import type { getSecurityOverview, memberActivity } from "./security.server";
import type { listOpenInvitations, listTeam } from "./team.server";

/** The security screen's data: counters, recent audit entries, rate-limit rows. */
export type SecurityOverview = Awaited<ReturnType<typeof getSecurityOverview>>;

/** The team screen's data. */
export type TeamMember = Awaited<ReturnType<typeof listTeam>>[number];
export type OpenInvitation = Awaited<ReturnType<typeof listOpenInvitations>>[number];
export type MemberActivityRow = Awaited<ReturnType<typeof memberActivity>>[number];
