import { describe, expect, it } from "vitest";
import { auditActionLabel, auditBadgeVariant, shortResourceId } from "~/modules/accounts/audit";

describe("audit badge (SPEC §9)", () => {
  it.each([
    ["product_DELETE", "destructive"],
    ["product_delete", "destructive"],
    ["admin_operation", "destructive"],
    ["audit_log_delete_old", "destructive"],
    ["order_UPDATE", "secondary"],
    ["settings_update", "secondary"],
    ["sensitive_access", "secondary"],
    ["failed_login", "default"],
    ["successful_login", "default"],
  ])("%s -> %s", (action, variant) => {
    expect(auditBadgeVariant(action)).toBe(variant);
  });

  it("cuts resource ids to 8 characters and labels known actions", () => {
    expect(shortResourceId("3f2a9c1e-aaaa-bbbb-cccc-000000000000")).toBe("3f2a9c1e");
    expect(shortResourceId(null)).toBe("—");
    expect(auditActionLabel("forced_logout")).toBe("Logout forçado");
    expect(auditActionLabel("algo_novo")).toBe("algo_novo");
  });
});
