// The security screen's reads and writes (/admin/security) live with the tables they touch, in
// the platform (the audit trail and the attempt counters are the platform's, decision 0063):
// accounts serves them to its screen.
export {
  auditTrailOf as memberActivity,
  cleanupOldAuditLogs,
  getSecurityOverview,
  unblockRateLimit,
} from "~/platform/admin/security.server";
