// The module's client-safe face: types, schemas and pure rules that components may use too.
export { adminLoginSchema, secondFactorSchema } from "./admin-login.schema";
export { auditActionLabel, auditBadgeVariant, shortResourceId } from "./audit";
export { passwordChangeSchema, totpCodeSchema } from "./password-change.schema";
export { accessSchema, inviteSchema, newPasswordSchema } from "./team.schema";
export { staffHome, type TwoFactorDue, twoFactorDue } from "./two-factor-policy";
export type { MemberActivityRow, OpenInvitation, SecurityOverview, TeamMember } from "./types";
