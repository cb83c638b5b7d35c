// The module's client-safe face: types, schemas and pure rules that components may use too.
export { adminLoginSchema, secondFactorSchema } from "./admin-login.schema";
export { auditActionLabel, auditBadgeVariant, shortResourceId } from "./audit";
export { passwordChangeSchema, totpCodeSchema } from "./password-change.schema";
export type { SecurityOverview } from "./types";
