// The module's client-safe face: types, schemas and pure rules that components may use too.
export { adminLoginSchema, secondFactorSchema } from "./admin-login.schema";
export { auditActionLabel, auditBadgeVariant, shortResourceId } from "./audit";
export { passwordChangeSchema, totpCodeSchema } from "./password-change.schema";
export {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hotp,
  normalizeRecoveryCode,
  otpauthUri,
  totp,
  totpStep,
  verifyTotp,
} from "./totp";
export type { SecurityOverview } from "./types";
