import { describe, expect, it } from "vitest";
import { readSidebarOpen, sidebarCookie } from "~/components/admin/sidebar-state";

describe("sidebar cookie", () => {
  it("starts collapsed and remembers 'aberto' for 7 days", () => {
    expect(readSidebarOpen(null)).toBe(false);
    expect(readSidebarOpen("outro=1")).toBe(false);
    expect(readSidebarOpen("outro=1; admin_sidebar=aberto")).toBe(true);
    expect(readSidebarOpen("admin_sidebar=fechado")).toBe(false);
    expect(sidebarCookie(true)).toContain("Max-Age=604800");
  });
});
