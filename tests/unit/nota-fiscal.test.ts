import { describe, expect, it } from "vitest";
import { digitoChave, formatarChave, lerChaveAcesso } from "~/domain/chave-acesso";
import {
  lerDocumentoFiscal,
  MAX_ITENS_NOTA,
  MOTIVOS_NOTA,
  motivoNaoAutorizada,
  type NotaFiscal,
} from "~/domain/nota-fiscal";
import { cancelamentoXml, chaveDe, notaXml } from "../support/nota-fiscal";

const FORNECEDOR = { cnpj: "03847655000198", nome: "Distribuidora Pet Sul Ltda" };
const UNIDADE = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };

function nota(xml: string): NotaFiscal {
  const read = lerDocumentoFiscal(xml);
  if (!read.ok) throw new Error(read.motivo);
  if (read.documento.tipo !== "nota") throw new Error("esperava uma nota");
  return read.documento;
}

function motivo(xml: string): string {
  const read = lerDocumentoFiscal(xml);
  if (read.ok) throw new Error("esperava recusa");
  return read.motivo;
}

describe("chave de acesso", () => {
  // Keys of real authorised notes, published in public NF-e projects' fixtures: the check
  // digit rule is proved against the SEFAZ's own output, not against itself.
  it.each([
    "41101108365527000121550050000014611623309134",
    "42100984683481000177550050000737301000000017",
    "41200377500049000308550010020747441029387050",
    "42230675277525000259550010000364481754015406",
    "43160608029317000162550010000116621000116622",
    "42240203821728000172650070000318811000319318",
  ])("accepts the real key %s", (chave) => {
    const read = lerChaveAcesso(chave);
    expect(read?.chave).toBe(chave);
  });

  it("reads the key's parts and accepts the DANFE's spacing and the Id prefix", () => {
    const chave = "42230675277525000259550010000364481754015406";
    expect(lerChaveAcesso(`NFe${chave}`)?.numero).toBe(36448);
    const read = lerChaveAcesso(formatarChave(chave));
    expect(read).toMatchObject({
      uf: "42",
      anoMes: "2023-06",
      cnpjEmitente: "75277525000259",
      modelo: "55",
      serie: 1,
      numero: 36448,
    });
  });

  it("refuses a changed digit, a wrong length, another model and month 13", () => {
    const chave = "42230675277525000259550010000364481754015406";
    expect(lerChaveAcesso(`${chave.slice(0, 43)}7`)).toBeNull();
    expect(lerChaveAcesso(`${chave.slice(0, 30)}9${chave.slice(31)}`)).toBeNull();
    expect(lerChaveAcesso(chave.slice(0, 43))).toBeNull();
    const model57 = `${chave.slice(0, 20)}57${chave.slice(22, 43)}`;
    expect(lerChaveAcesso(model57 + digitoChave(model57))).toBeNull();
    const month13 = `4223${"13"}${chave.slice(6, 43)}`;
    expect(lerChaveAcesso(month13 + digitoChave(month13))).toBeNull();
  });

  it("accepts an alphanumeric CNPJ in the key (registrations from July 2026)", () => {
    const chave = chaveDe({ numero: 77, emitente: { cnpj: "12ABC34501DE35", nome: "x" } });
    expect(chave.slice(6, 20)).toBe("12ABC34501DE35");
    expect(lerChaveAcesso(chave)?.cnpjEmitente).toBe("12ABC34501DE35");
    expect(lerChaveAcesso(chave.toLowerCase())?.chave).toBe(chave);
    // A letter weighs its ASCII code minus 48: 'A' (17) is not '1' — changing it breaks the digit.
    expect(lerChaveAcesso(chave.replace("12ABC", "121BC"))).toBeNull();
  });
});

describe("lerDocumentoFiscal", () => {
  it("reads a supplier's NF-e: parties, items with and without GTIN, quantities and totals", () => {
    const { xml, chave } = notaXml({
      numero: 4512,
      emitente: FORNECEDOR,
      destinatario: UNIDADE,
      itens: [
        {
          codigo: "GLD15",
          descricao: "Golden Adulto Frango 15 kg",
          gtin: "7896552902175",
          quantidade: 10,
          valorUnitario: 18990,
        },
        {
          codigo: "CX-BIF",
          descricao: "Bifinho Keldog CX com 12",
          unidade: "CX",
          quantidade: 2.5,
          valorUnitario: 4800,
        },
      ],
    });
    const read = nota(xml);
    expect(read).toMatchObject({
      chave,
      modelo: "55",
      numero: 4512,
      emitente: { cnpj: FORNECEDOR.cnpj, nome: FORNECEDOR.nome },
      destinatario: { cnpj: UNIDADE.cnpj },
      valorTotal: 189900 + 12000,
      protocolo: { status: 100 },
    });
    expect(read.itens).toEqual([
      expect.objectContaining({
        numero: 1,
        codigo: "GLD15",
        gtin: "7896552902175",
        quantidade: 10,
        valorTotal: 189900,
        unidade: "UN",
        ncm: "23091000",
      }),
      expect.objectContaining({
        numero: 2,
        codigo: "CX-BIF",
        gtin: null,
        quantidade: 2.5,
        valorTotal: 12000,
        unidade: "CX",
      }),
    ]);
    expect(motivoNaoAutorizada(read)).toBeNull();
    expect(read.emitidaEm.toISOString()).toBe("2026-11-27T13:00:00.000Z");
  });

  it("reads a counter NFC-e sold to an unidentified consumer", () => {
    const { xml } = notaXml({
      modelo: "65",
      numero: 31881,
      emitente: UNIDADE,
      itens: [
        {
          codigo: "789",
          descricao: "Areia Pipicat 4 kg",
          gtin: "7898080640015",
          quantidade: 1,
          valorUnitario: 2590,
        },
      ],
    });
    const read = nota(xml);
    expect(read.modelo).toBe("65");
    expect(read.destinatario).toBeNull();
    expect(read.itens[0]?.gtin).toBe("7898080640015");
  });

  it("keeps names with XML's own escapes and leading zeros of codes", () => {
    const { xml } = notaXml({
      numero: 1,
      emitente: FORNECEDOR,
      itens: [
        {
          codigo: "000123",
          descricao: "Ração Cão & Gato <Mix>",
          gtin: "07891000100103",
          quantidade: 1,
          valorUnitario: 100,
        },
      ],
    });
    const item = nota(xml).itens[0]!;
    expect(item.descricao).toBe("Ração Cão & Gato <Mix>");
    expect(item.codigo).toBe("000123");
    expect(item.gtin).toBe("07891000100103");
  });

  it("tells a note the SEFAZ did not authorise", () => {
    const read = nota(
      notaXml({
        numero: 9,
        emitente: FORNECEDOR,
        status: 110,
        itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
      }).xml,
    );
    expect(motivoNaoAutorizada(read)).toBe(
      "A nota 9 não está autorizada pela SEFAZ (situação 110: Uso Denegado).",
    );
  });

  it("refuses a note without its authorisation protocol", () => {
    const { xml } = notaXml({
      numero: 2,
      emitente: FORNECEDOR,
      semProtocolo: true,
      itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
    });
    expect(motivo(xml)).toBe(MOTIVOS_NOTA.semProtocolo);
  });

  it("refuses a file edited after signing: another key in the protocol, another issuer", () => {
    const { xml, chave } = notaXml({
      numero: 3,
      emitente: FORNECEDOR,
      itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
    });
    const other = chaveDe({ numero: 4, emitente: FORNECEDOR });
    expect(motivo(xml.replace(`<chNFe>${chave}</chNFe>`, `<chNFe>${other}</chNFe>`))).toBe(
      MOTIVOS_NOTA.chaveDiferente,
    );
    expect(
      motivo(xml.replace(`<CNPJ>${FORNECEDOR.cnpj}</CNPJ>`, "<CNPJ>11222333000181</CNPJ>")),
    ).toBe(MOTIVOS_NOTA.emitenteDiferente);
    expect(
      motivo(xml.replaceAll(chave, `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`)),
    ).toBe(MOTIVOS_NOTA.chave);
  });

  it("refuses DOCTYPEs and entities without expanding them (billion laughs, external entity)", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><nfeProc>&lol2;</nfeProc>`;
    expect(motivo(laughs)).toBe(MOTIVOS_NOTA.doctype);
    const xxe = `<?xml version="1.0"?><!doctype x [<!entity xxe SYSTEM "file:///etc/passwd">]><nfeProc>&xxe;</nfeProc>`;
    expect(motivo(xxe)).toBe(MOTIVOS_NOTA.doctype);
    const { xml } = notaXml({
      numero: 5,
      emitente: FORNECEDOR,
      itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
    });
    expect(motivo(xml.replace("<nfeProc", `<!DOCTYPE nfeProc><nfeProc`))).toBe(
      MOTIVOS_NOTA.doctype,
    );
  });

  it("refuses what is not an NF-e: broken XML, another document, a spreadsheet", () => {
    expect(motivo("<nfeProc><NFe>")).toBe(MOTIVOS_NOTA.xmlInvalido);
    expect(motivo("nome;preco\nRação;10")).toBe(MOTIVOS_NOTA.xmlInvalido);
    expect(motivo(`<?xml version="1.0"?><CTe><infCte/></CTe>`)).toBe(MOTIVOS_NOTA.naoNota);
    const { xml } = notaXml({
      numero: 6,
      emitente: FORNECEDOR,
      itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
    });
    expect(motivo(xml.replace('versao="4.00" Id=', 'versao="3.10" Id='))).toBe(MOTIVOS_NOTA.versao);
  });

  it("bounds the file's size and the item count", () => {
    expect(motivo(`<a>${"x".repeat(5 * 1024 * 1024)}</a>`)).toBe(MOTIVOS_NOTA.grande);
    const itens = Array.from({ length: MAX_ITENS_NOTA + 1 }, (_, i) => ({
      codigo: `c${i}`,
      descricao: `d${i}`,
      quantidade: 1,
      valorUnitario: 1,
    }));
    expect(motivo(notaXml({ numero: 7, emitente: FORNECEDOR, itens }).xml)).toBe(
      MOTIVOS_NOTA.itens,
    );
    expect(
      nota(notaXml({ numero: 8, emitente: FORNECEDOR, itens: itens.slice(0, MAX_ITENS_NOTA) }).xml)
        .itens,
    ).toHaveLength(MAX_ITENS_NOTA);
  });

  it("names the incomplete item", () => {
    const { xml } = notaXml({
      numero: 10,
      emitente: FORNECEDOR,
      itens: [
        { codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 },
        { codigo: "b", descricao: "b", quantidade: 2, valorUnitario: 1 },
      ],
    });
    expect(motivo(xml.replace("<qCom>2.0000</qCom>", "<qCom>dois</qCom>"))).toBe(
      "O item 2 da nota está incompleto: falta a quantidade (qCom).",
    );
  });

  it("reads a registered cancellation and refuses other events and unregistered ones", () => {
    const { chave } = notaXml({
      modelo: "65",
      numero: 31882,
      emitente: UNIDADE,
      itens: [{ codigo: "a", descricao: "a", quantidade: 1, valorUnitario: 1 }],
    });
    const read = lerDocumentoFiscal(cancelamentoXml(chave, UNIDADE.cnpj));
    expect(read).toMatchObject({
      ok: true,
      documento: {
        tipo: "cancelamento",
        chave,
        cnpj: UNIDADE.cnpj,
        justificativa: "Venda cancelada a pedido do cliente",
      },
    });
    const xml = cancelamentoXml(chave, UNIDADE.cnpj);
    expect(
      motivo(xml.replaceAll("<tpEvento>110111</tpEvento>", "<tpEvento>210200</tpEvento>")),
    ).toBe(MOTIVOS_NOTA.eventoNaoCancelamento);
    expect(motivo(xml.replace("<cStat>135</cStat>", "<cStat>573</cStat>"))).toBe(
      MOTIVOS_NOTA.eventoNaoRegistrado,
    );
  });
});
