import { describe, expect, it } from "vitest";
import { readSidebarOpen, sidebarCookie } from "~/components/admin/sidebar-state";
import { auditActionLabel, auditBadgeVariant, shortResourceId } from "~/domain/audit";
import { barHeights, niceMax, ticks } from "~/domain/chart";
import {
  addDays,
  lastShopDays,
  shopDayRange,
  shopDayStart,
  shopMonthRange,
  shopOffsetMinutes,
} from "~/domain/shop-time";
import { adminLoginSchema } from "~/schemas/admin-login";
import { generalSettingsSchema } from "~/schemas/general-settings";

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

describe("shop calendar (America/Sao_Paulo)", () => {
  it("starts a day at local midnight (UTC-3 since 2019)", () => {
    expect(shopOffsetMinutes(new Date("2026-11-22T12:00:00Z"))).toBe(-180);
    expect(shopDayStart("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    const range = shopDayRange(new Date("2026-11-23T02:59:59Z"));
    expect(range.day).toBe("2026-11-22");
    expect(range.end.toISOString()).toBe("2026-11-23T03:00:00.000Z");
  });

  it("handles daylight saving time when Brazil had it", () => {
    // 2018-11-04: clocks jumped from 00:00 to 01:00, so the day began at 01:00 (-02:00).
    expect(shopDayStart("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(shopDayStart("2018-11-05").toISOString()).toBe("2018-11-05T02:00:00.000Z");
    // 2019-02-17: clocks went back from 00:00 to 23:00 of the 16th.
    expect(shopDayStart("2019-02-16").toISOString()).toBe("2019-02-16T02:00:00.000Z");
    expect(shopDayStart("2019-02-17").toISOString()).toBe("2019-02-17T03:00:00.000Z");
  });

  it("months and the last 7 days", () => {
    const month = shopMonthRange(new Date("2026-12-01T02:00:00Z")); // still 30 Nov locally
    expect(month.start.toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(lastShopDays(new Date("2026-03-02T12:00:00Z"), 7)).toEqual([
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("chart scale", () => {
  it("rounds the axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(16_590)).toBe(20_000);
    expect(niceMax(23_000)).toBe(25_000);
    expect(niceMax(50_000)).toBe(50_000);
    expect(niceMax(50_001)).toBe(100_000);
    expect(ticks(20_000)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
  });

  it("scales bars to the height; a non-zero day is never invisible", () => {
    const { max, heights } = barHeights([0, 10, 10_000, 20_000], 200);
    expect(max).toBe(20_000);
    expect(heights).toEqual([0, 1, 100, 200]);
    // A quiet week keeps a readable axis (the floor): R$ 100,00 here.
    expect(barHeights([0, 0, 2500], 200, 10_000)).toEqual({ max: 10_000, heights: [0, 0, 50] });
  });
});

describe("admin forms", () => {
  it("login: SPEC §5.7 messages", () => {
    const result = adminLoginSchema.safeParse({ email: "x", password: "12345" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(["E-mail inválido", "Senha deve ter pelo menos 6 caracteres"]);
    expect(adminLoginSchema.safeParse({ email: " a@b.com ", password: "123456" }).success).toBe(
      true,
    );
  });

  it("general settings: URL or empty, number with 10+ digits or empty", () => {
    const ok = generalSettingsSchema.safeParse({
      webhook_url: "",
      webhook_servicos: "https://a.b/c",
      webhook_curriculos: "http://localhost:5678/webhook",
      whatsapp_numero: "(47) 99999-0416",
    });
    expect(ok.success).toBe(true);
    const bad = generalSettingsSchema.safeParse({
      webhook_url: "javascript:alert(1)",
      webhook_servicos: "exemplo.com",
      webhook_curriculos: "",
      whatsapp_numero: "123456789",
    });
    expect(bad.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["webhook_url", "URL inválida"],
      ["webhook_servicos", "URL inválida"],
      ["whatsapp_numero", "Número deve ter pelo menos 10 dígitos"],
    ]);
  });
});

describe("sidebar cookie", () => {
  it("starts collapsed and remembers 'aberto' for 7 days", () => {
    expect(readSidebarOpen(null)).toBe(false);
    expect(readSidebarOpen("outro=1")).toBe(false);
    expect(readSidebarOpen("outro=1; admin_sidebar=aberto")).toBe(true);
    expect(readSidebarOpen("admin_sidebar=fechado")).toBe(false);
    expect(sidebarCookie(true)).toContain("Max-Age=604800");
  });
});
