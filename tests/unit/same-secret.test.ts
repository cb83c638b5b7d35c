import { describe, expect, it } from "vitest";
import { sameSecret } from "~/platform/secret.server";

describe("sameSecret", () => {
  it("is true only for the same bytes", () => {
    expect(sameSecret("a1b2c3", "a1b2c3")).toBe(true);
    expect(sameSecret("a1b2c3", "a1b2c4")).toBe(false);
    expect(sameSecret(Buffer.from("ff00", "hex"), Buffer.from("ff00", "hex"))).toBe(true);
    expect(sameSecret(Buffer.from("ff00", "hex"), Buffer.from("ff01", "hex"))).toBe(false);
  });

  it("is false for a different length (a prefix, an empty value) instead of throwing", () => {
    expect(sameSecret("a1b2c3", "a1b2")).toBe(false);
    expect(sameSecret("", "a1")).toBe(false);
    expect(sameSecret("a1b2", "a1b2c3")).toBe(false);
  });

  it("compares strings as UTF-8, accents included", () => {
    expect(sameSecret("Ração", "Ração")).toBe(true);
    // Same number of characters, different bytes.
    expect(sameSecret("Racão", "Ração")).toBe(false);
  });
});
