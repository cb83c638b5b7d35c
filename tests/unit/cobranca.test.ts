import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  advancesCobranca,
  chargeLapsed,
  orderPaymentAfter,
  pixOnlineStage,
  statusFromMercadoPago,
} from "~/modules/payments/cobranca";
import {
  mpDate,
  parseSignature,
  signatureManifest,
  signNotification,
} from "~/modules/payments/index.server";
import { isForeignWrite } from "../../http/origin-check";

describe("Mercado Pago statuses", () => {
  it.each([
    ["pending", undefined, "pendente"],
    ["in_process", undefined, "pendente"],
    ["approved", undefined, "paga"],
    ["cancelled", "expired", "expirada"],
    ["cancelled", "by_collector", "cancelada"],
    ["rejected", undefined, "falhou"],
    ["refunded", undefined, "reembolsada"],
    ["charged_back", undefined, "reembolsada"],
    ["algo_novo", undefined, "pendente"],
  ] as const)(
    "maps %s (%s) onto the provider-neutral charge status %s",
    (status, detail, expected) => {
      expect(statusFromMercadoPago(status, detail)).toBe(expected);
    },
  );

  it("only moves a charge forward and pays an order once", () => {
    expect(advancesCobranca("pendente", "paga")).toBe(true);
    expect(advancesCobranca("paga", "pendente")).toBe(false);
    expect(advancesCobranca("paga", "paga")).toBe(false);
    expect(advancesCobranca("expirada", "paga")).toBe(true);
    expect(advancesCobranca("reembolsada", "paga")).toBe(false);
    expect(orderPaymentAfter("aguardando", "paga")).toBe("pago");
    expect(orderPaymentAfter("pago", "paga")).toBeNull();
    expect(orderPaymentAfter("reembolsado", "paga")).toBeNull();
    expect(orderPaymentAfter("aguardando", "expirada")).toBeNull();
    expect(orderPaymentAfter("pago", "reembolsada")).toBe("reembolsado");
    expect(orderPaymentAfter("aguardando", "reembolsada")).toBeNull();
  });
});

describe("Mercado Pago notification signature", () => {
  it("signs id, request id and ts as documented", () => {
    expect(signatureManifest("123456", "req-1", "1704908010")).toBe(
      "id:123456;request-id:req-1;ts:1704908010;",
    );
    expect(signatureManifest("ABC123", null, "1")).toBe("id:abc123;ts:1;");
    const expected = crypto
      .createHmac("sha256", "s")
      .update("id:1;request-id:r;ts:2;")
      .digest("hex");
    expect(signNotification("s", "1", "r", "2")).toBe(expected);
  });

  it("parses the header and refuses malformed ones", () => {
    expect(parseSignature("ts=1704908010,v1=ab12")).toEqual({ ts: "1704908010", v1: "ab12" });
    expect(parseSignature(" v1=ab12 , ts=1 ")).toEqual({ ts: "1", v1: "ab12" });
    expect(parseSignature("ts=1")).toBeNull();
    expect(parseSignature("ts=x,v1=ab")).toBeNull();
    expect(parseSignature(null)).toBeNull();
  });

  it("writes dates in Brasília time", () => {
    expect(mpDate(new Date("2026-11-23T15:00:00.000Z"))).toBe("2026-11-23T12:00:00.000-03:00");
  });
});

describe("cross-site write check", () => {
  it("lets a server-to-server POST (no Origin) through and refuses a foreign browser", () => {
    expect(isForeignWrite("POST", { host: "loja.example.com" })).toBe(false);
    expect(
      isForeignWrite("POST", { host: "loja.example.com", origin: "https://loja.example.com" }),
    ).toBe(false);
    expect(
      isForeignWrite("POST", { host: "loja.example.com", origin: "https://mal.example.com" }),
    ).toBe(true);
    expect(
      isForeignWrite("POST", { host: "loja.example.com", "sec-fetch-site": "cross-site" }),
    ).toBe(true);
    expect(isForeignWrite("POST", { host: "loja.example.com", origin: "null" })).toBe(true);
    expect(isForeignWrite("GET", { host: "a", origin: "https://b" })).toBe(false);
  });
});

describe("what the order page shows for online Pix", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const later = new Date("2026-11-23T12:30:00Z");
  const earlier = new Date("2026-11-23T11:30:00Z");
  const order = (over: Partial<Parameters<typeof pixOnlineStage>[0]> = {}) => ({
    formaPagamento: "pix_mercadopago",
    statusPagamento: "aguardando" as const,
    statusPedido: "novo",
    ...over,
  });
  const charge = (over: Partial<NonNullable<Parameters<typeof pixOnlineStage>[1]>> = {}) => ({
    status: "pendente" as const,
    expiraEm: later,
    qrCode: "000201...",
    ...over,
  });

  it("tells each stage apart", () => {
    expect(pixOnlineStage(order({ formaPagamento: "pix" }), null, now)).toBe("sem_pix");
    expect(pixOnlineStage(order(), charge(), now)).toBe("pendente");
    expect(pixOnlineStage(order({ statusPagamento: "pago" }), charge(), now)).toBe("pago");
    // No charge (the provider was down), or one without a code, or one that failed.
    expect(pixOnlineStage(order(), null, now)).toBe("indisponivel");
    expect(pixOnlineStage(order(), charge({ qrCode: null }), now)).toBe("indisponivel");
    expect(pixOnlineStage(order(), charge({ status: "falhou" }), now)).toBe("indisponivel");
    // Lapsed, by our clock or by the provider's word; cancelled by the admin is not 'expired'.
    expect(pixOnlineStage(order(), charge({ expiraEm: earlier }), now)).toBe("expirado");
    expect(
      pixOnlineStage(order({ statusPedido: "cancelado" }), charge({ status: "expirada" }), now),
    ).toBe("expirado");
    expect(pixOnlineStage(order({ statusPedido: "cancelado" }), charge(), now)).toBe("sem_pix");
  });

  it("counts a charge as lapsed only once its time is up", () => {
    expect(chargeLapsed(charge(), now)).toBe(false);
    expect(chargeLapsed(charge({ expiraEm: now }), now)).toBe(true);
    expect(chargeLapsed(charge({ expiraEm: null }), now)).toBe(false);
    expect(chargeLapsed(charge({ status: "paga", expiraEm: earlier }), now)).toBe(false);
  });
});
