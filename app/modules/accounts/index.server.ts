// The module's server face: what other modules, routes, scripts and tests may use.

export { DEVICE_MAX_AGE_S, deviceCookie } from "./device-cookie.server";
export {
  acceptInvitation,
  completePasswordReset,
  inviteMember,
  openInvitation,
  openPasswordReset,
  resendInvitation,
  revokeInvitation,
  sendPasswordReset,
} from "./invitations.server";
export {
  LOGIN_RETRY_AFTER_S,
  LoginRefusedError,
  loginRefusalPage,
  loginRefusedEarly,
  setLoginAdmissionLimit,
} from "./login-admission.server";
export {
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  PasswordHashingBusyError,
  setHashingLimits,
  withPasswordHashing,
} from "./password-hashing.server";
export { passwordWeakness } from "./password-policy.server";
export {
  cleanupOldAuditLogs,
  getSecurityOverview,
  memberActivity,
  unblockRateLimit,
} from "./security.server";
export {
  ABSOLUTE_TIMEOUT_MS,
  adminAction,
  adminEmails,
  adminLoader,
  clearSessionCookie,
  countOtherSessions,
  createSession,
  createUser,
  deleteSession,
  findUserByEmail,
  getSessionState,
  IDLE_TIMEOUT_MS,
  purgeExpiredSessions,
  requireAdmin,
  requireCapability,
  SESSION_COOKIE,
  sessionCookie,
  staffMayRequest,
  staffOf,
  upsertAdmin,
  verifyPassword,
} from "./session.server";
export {
  AUTH_MESSAGES,
  attemptLogin,
  attemptSecondFactor,
  changeOwnPassword,
  endOtherSessions,
  LOGIN_OPS,
  LOGIN_RULE,
  loginPageState,
  logout,
  safeAdminRedirect,
} from "./sign-in.server";
export {
  listStaff,
  type StaffMember,
  staffByIds,
  staffMember,
} from "./staff-directory.server";
export { type StaffHistoryEntry, staffHistoryReader, staffLabels } from "./staff-names.server";
export type { Usuario } from "./tables.server";
export {
  ACCOUNT_DEACTIVATED,
  changeMemberAccess,
  deactivateMember,
  endMemberSessions,
  LAST_OWNER,
  listOpenInvitations,
  listTeam,
  reactivateMember,
} from "./team.server";
export {
  confirmTotpEnrolment,
  disableTotp,
  enrolmentView,
  startTotpEnrolment,
  verifySecondFactor,
} from "./totp.server";
export { generateTotpSecret, totp } from "./totp-code.server";
