import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { SignedCookie } from "~/platform/signed-cookie.server";

const SECRET = "segredo-de-teste-dos-cookies";
let signedCookie: (name: string, options: { maxAge: number }) => SignedCookie;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  ({ signedCookie } = await import("~/platform/signed-cookie.server"));
});

/** The Cookie header a browser sends back for a Set-Cookie header. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

const flash = { numero: "PED123", token: "abc", chatUrl: "https://wa.me/55?text=Olá Ração & Cia" };

describe("signed cookies", () => {
  it("read back what they wrote, accents and symbols included", () => {
    const cookie = signedCookie("agropet_pedido", { maxAge: 300 });
    const header = cookie.serialize(flash);
    expect(header).toMatch(/^agropet_pedido=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie.parse(`outro=1; ${sentBack(header)}; mais=2`)).toEqual(flash);
  });

  it("refuse an altered value or signature, and a cookie signed with another secret", async () => {
    const cookie = signedCookie("agropet_toast", { maxAge: 60 });
    const value = decodeURIComponent(sentBack(cookie.serialize({ title: "Oi" })).split("=")[1]!);
    const [data, mac] = [value.slice(0, value.lastIndexOf(".")), value.split(".").pop()!];
    const forged = Buffer.from(JSON.stringify({ title: "Pago" })).toString("base64");
    expect(cookie.parse(`agropet_toast=${encodeURIComponent(`${forged}.${mac}`)}`)).toBeNull();
    expect(cookie.parse(`agropet_toast=${encodeURIComponent(`${data}.${mac}x`)}`)).toBeNull();
    expect(cookie.parse(`agropet_toast=${encodeURIComponent(data)}`)).toBeNull();
    expect(cookie.parse("agropet_toast=%E0%A4%A")).toBeNull();
    const stranger = createCookie("agropet_toast", { secrets: ["outro-segredo"] });
    expect(cookie.parse(sentBack(await stranger.serialize({ title: "Oi" })))).toBeNull();
    expect(cookie.parse("outro=1")).toBeNull();
    expect(cookie.parse(null)).toBeNull();
  });

  it("speak React Router's format both ways, so cookies already set keep working", async () => {
    const ours = signedCookie("agropet_pedido", { maxAge: 300 });
    const theirs = createCookie("agropet_pedido", { secrets: [SECRET], maxAge: 300 });
    expect(await theirs.parse(sentBack(ours.serialize(flash)))).toEqual(flash);
    expect(ours.parse(sentBack(await theirs.serialize(flash)))).toEqual(flash);
  });

  it("clear with an empty value that expires at once", () => {
    expect(signedCookie("agropet_toast", { maxAge: 60 }).clear()).toBe(
      "agropet_toast=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
  });
});
