// Short-lived signed cookies (the toast, the order flash). Same wire format as React
// Router's createCookie (base64 JSON, "." and the HMAC-SHA256 in base64 without padding),
// so a cookie set by either reads in the other. Signed with node:crypto instead of Web
// Crypto: createCookie imports the key again for every cookie, an asynchronous round
// through the crypto thread that cost about half a millisecond per cookie, and every order
// sets two (decision 0013).
import crypto from "node:crypto";
import { readCookie } from "~/lib/cookies";
import { sameSecret, sessionSecret } from "~/platform/secret.server";

export interface SignedCookieOptions {
  maxAge: number;
}

export interface SignedCookie {
  /** The value carried by the request's Cookie header, or null (absent, altered, unreadable). */
  parse(cookieHeader: string | null): unknown;
  serialize(value: unknown): string;
  /** The header that removes the cookie. */
  clear(): string;
}

function signature(value: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(value)
    .digest("base64")
    .replace(/=+$/, "");
}

function encode(value: unknown): string {
  // Base64 of the UTF-8 JSON, as createCookie writes it.
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

function decode(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return null;
  }
}

function sign(value: string): string {
  return `${value}.${signature(value)}`;
}

function unsign(signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  return sameSecret(signed.slice(dot + 1), signature(value)) ? value : null;
}

export function signedCookie(name: string, options: SignedCookieOptions): SignedCookie {
  const attributes = (maxAge: number) => `; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`;
  return {
    parse(cookieHeader) {
      if (!cookieHeader?.includes(`${name}=`)) return null;
      const signed = readCookie(cookieHeader, name);
      if (!signed) return null;
      const value = unsign(signed);
      return value === null ? null : decode(value);
    },
    serialize(value) {
      return `${name}=${encodeURIComponent(sign(encode(value)))}${attributes(options.maxAge)}`;
    },
    clear() {
      return `${name}=${attributes(0)}`;
    },
  };
}
