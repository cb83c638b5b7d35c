// The Pix key in the BR Code as the Central Bank's directory stores it (issue 39, point 2),
// and our static BR Code byte for byte against a reference implementation (pix-utils).
import { createStaticPix, hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { normalizePixKey, PIX_KEY_EXAMPLES } from "~/domain/pix-key";
import { crc16, pixPayload } from "~/modules/payments/pix";

/**
 * The reference's payload for the same charge. It writes name and city in capitals (which
 * the BR Code allows, not requires), so ours is given them in capitals too.
 */
function reference(pixKey: string, valor: number | null, txid: string): string {
  const pix = createStaticPix({
    merchantName: "Agropet Litoral",
    merchantCity: "Itapema",
    pixKey,
    infoAdicional: "",
    transactionAmount: valor === null ? 0 : valor / 100,
    txid,
  });
  if (hasError(pix)) throw new Error(pix.message);
  return pix.toBRCode();
}

describe("Pix key normalisation", () => {
  // Typed as a person would, and the form the DICT stores.
  const cases: [string, string, string][] = [
    ["CPF with mask", "529.982.247-25", "52998224725"],
    ["CPF bare", " 52998224725 ", "52998224725"],
    ["CNPJ with mask", "27.865.431/0001-77", "27865431000177"],
    ["alphanumeric CNPJ with mask", "12.abc.345/01de-35", "12ABC34501DE35"],
    ["alphanumeric CNPJ bare", "12ABC34501DE35", "12ABC34501DE35"],
    ["phone with mask", "(47) 99999-0416", "+5547999990416"],
    ["phone with +55 and spaces", "+55 47 99999-0416", "+5547999990416"],
    ["phone bare", "47999990416", "+5547999990416"],
    ["phone with 55", "5547999990416", "+5547999990416"],
    ["e-mail", " Pix@AgropetLitoral.com.BR ", "pix@agropetlitoral.com.br"],
    ["random key", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
  ];
  it.each(cases)("%s", (_what, typed, stored) => {
    const key = normalizePixKey(typed);
    expect(key.ok && key.chave).toBe(stored);
  });

  it.each([
    ["123.456.789-00", "CPF inválido"],
    ["27.865.431/0001-78", "CNPJ inválido"],
    ["12ABC34501DE36", "CNPJ inválido"],
    ["(47) 3333-3333", "Celular inválido"],
    ["+1 555 0100", "Celular inválido"],
    ["loja@", "E-mail inválido"],
    ["agropet", "Chave Pix inválida"],
    ["11111111111", "CPF inválido"],
  ])("refuses %s with an example of each type", (typed, message) => {
    const key = normalizePixKey(typed);
    expect(key.ok).toBe(false);
    if (key.ok) return;
    expect(key.message).toContain(message);
    expect(key.message).toContain(PIX_KEY_EXAMPLES);
  });

  it("gives only valid keys as examples", () => {
    for (const example of [
      "529.982.247-25",
      "12.345.678/0001-95",
      "12.ABC.345/01DE-35",
      "(47) 99999-0416",
      "loja@exemplo.com.br",
      "123e4567-e89b-12d3-a456-426614174000",
    ]) {
      expect(PIX_KEY_EXAMPLES).toContain(example);
      expect(normalizePixKey(example).ok).toBe(true);
    }
  });
});

describe("BR Code against the reference implementation (pix-utils)", () => {
  it.each(cases())("%s key: same payload and CRC16 as the reference", (_tipo, typed, stored) => {
    for (const [valor, txid] of [
      [12345, "PED1763812800123042"],
      [null, "***"],
      [1, "A1"],
    ] as const) {
      const ours = pixPayload({
        chave: typed,
        nome: "AGROPET LITORAL",
        cidade: "ITAPEMA",
        valor,
        txid,
      });
      const theirs = reference(stored, valor, txid);
      expect(ours).toBe(theirs);
      // The reference reads it back: the key the payer's bank looks up, and a valid CRC.
      const parsed = parsePix(ours);
      if (hasError(parsed)) throw new Error(parsed.message);
      expect(parsed.type === "STATIC" && parsed.pixKey).toBe(stored);
      expect(ours.slice(-4)).toBe(crc16(ours.slice(0, -4)));
    }
  });

  it("refuses to build a code for what is no key", () => {
    expect(() =>
      pixPayload({ chave: "27.865.431/0001-78", nome: "Loja", cidade: "Itapema" }),
    ).toThrow(/Chave Pix inválida/);
  });
});

function cases(): [string, string, string][] {
  return [
    ["CPF", "529.982.247-25", "52998224725"],
    ["CNPJ", "27.865.431/0001-77", "27865431000177"],
    ["alphanumeric CNPJ", "12.ABC.345/01DE-35", "12ABC34501DE35"],
    ["phone", "(47) 99999-0416", "+5547999990416"],
    ["e-mail", "Pix@AgropetLitoral.com.br", "pix@agropetlitoral.com.br"],
    [
      "random (EVP)",
      "123E4567-E89B-12D3-A456-426614174000",
      "123e4567-e89b-12d3-a456-426614174000",
    ],
  ];
}
