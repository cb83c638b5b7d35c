import { describe, expect, it } from "vitest";
import {
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
} from "~/modules/accounts/totp-code.server";

const RFC_KEY = Buffer.from("12345678901234567890");

describe("HOTP (RFC 4226 appendix D)", () => {
  it("matches the reference values for counters 0 to 9", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });
});

describe("TOTP (RFC 6238 appendix B, SHA-1)", () => {
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  it.each(vectors)("at %i s gives %s", (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it("accepts the previous and next step, not two steps away", () => {
    const secret = base32Encode(RFC_KEY);
    const at = new Date(1234567890 * 1000);
    const step = totpStep(at);
    expect(verifyTotp(secret, totp(secret, at), at)).toBe(step);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() + 61_000)), at)).toBeNull();
    expect(verifyTotp(secret, "12345", at)).toBeNull();
    expect(verifyTotp(secret, "abcdef", at)).toBeNull();
  });
});

describe("base32 and secrets", () => {
  it("round-trips (RFC 4648 example) and ignores spaces and case", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(() => base32Decode("1!")).toThrow();
  });

  it("makes 160-bit secrets and an otpauth URI the apps read", () => {
    const secret = generateTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
    const uri = otpauthUri(secret, "dona@loja.com", "Agropet Litoral");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Agropet%20Litoral%3Adona%40loja\.com\?/);
    const params = new URL(uri).searchParams;
    expect(params.get("secret")).toBe(secret);
    expect(params.get("issuer")).toBe("Agropet Litoral");
    expect(params.get("digits")).toBe("6");
    expect(params.get("period")).toBe("30");
  });

  it("makes 10 distinct recovery codes, typed in any case and with or without dashes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(normalizeRecoveryCode(" abcd-efgh-ijkl ")).toBe("ABCDEFGHIJKL");
  });
});
