import { describe, expect, it } from "vitest";
import { clampPage, pageParam } from "~/domain/pagination";

describe("admin list pages", () => {
  it("reads ?pagina= leniently", () => {
    const at = (q: string) => pageParam(new URL(`http://localhost/admin/servicos${q}`));
    expect(at("")).toBe(1);
    expect(at("?pagina=3")).toBe(3);
    for (const bad of ["0", "-2", "1.5", "abc", "1e30"]) expect(at(`?pagina=${bad}`)).toBe(1);
  });

  it("keeps the page within the pages of the total", () => {
    expect(clampPage(1, 0, 30)).toBe(1);
    expect(clampPage(2, 30, 30)).toBe(1);
    expect(clampPage(2, 31, 30)).toBe(2);
    expect(clampPage(99, 505, 30)).toBe(17);
    expect(clampPage(undefined, 505, 30)).toBe(1);
  });
});
