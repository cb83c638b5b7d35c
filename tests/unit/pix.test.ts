import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { crc16, pixPayload, pixTxid } from "~/modules/payments/pix";

describe("Pix BR Code", () => {
  it("computes CRC16-CCITT-FALSE ('123456789' -> 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
  });

  it("matches the independent example payload exactly", () => {
    expect(
      pixPayload({
        chave: "123e4567-e12b-12d1-a456-426655440000",
        nome: "Fulano de Tal",
        cidade: "BRASILIA",
        txid: "***",
      }),
    ).toBe(
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
        "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
    );
  });

  it("carries the amount, trims name and city, strips accents and ends with a valid CRC", () => {
    const payload = pixPayload({
      chave: "pix@agropet.com.br",
      nome: "Agropet Litoral Comércio de Produtos",
      cidade: "Itapema São Francisco",
      valor: 12345,
      txid: "PED1763812800123042",
    });
    expect(payload).toContain("5406123.45");
    expect(payload).toContain("5924Agropet Litoral Comercio6015");
    expect(payload).toContain("6015Itapema Sao Fra");
    expect(payload).toContain("62230519PED1763812800123042");
    const body = payload.slice(0, -4);
    expect(body.endsWith("6304")).toBe(true);
    expect(payload.slice(-4)).toBe(crc16(body));
  });

  it("keeps txid to 25 letters and digits", () => {
    expect(pixTxid("PED-123 456")).toBe("PED123456");
    expect(pixTxid("")).toBe("***");
    expect(pixTxid("A".repeat(40))).toHaveLength(25);
  });

  it("can be drawn as a QR code", async () => {
    const svg = await QRCode.toString(
      pixPayload({ chave: "+5547999990416", nome: "Loja", cidade: "Itapema", valor: 100 }),
      { type: "svg" },
    );
    expect(svg).toContain("<svg");
  });
});
