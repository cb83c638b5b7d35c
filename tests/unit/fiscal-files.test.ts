import { describe, expect, it } from "vitest";
import { MOTIVOS_NOTA } from "~/domain/nota-fiscal";
import {
  lerArquivosFiscais,
  MAX_DOCUMENTOS_ENVIO,
  MOTIVOS_ARQUIVO,
} from "~/modules/fiscal/index.server";
import { cancelamentoXml, notaXml } from "../support/nota-fiscal";
import { bombEntry, deflatedEntry, zipEntries } from "../support/zip";

const UNIDADE = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };
const item = {
  codigo: "1",
  descricao: "Areia Pipicat 4 kg",
  gtin: "7898080640015",
  quantidade: 1,
  valorUnitario: 2590,
};

function nfce(numero: number) {
  return notaXml({ modelo: "65", numero, emitente: UNIDADE, itens: [item] });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("lerArquivosFiscais", () => {
  it("reads loose XMLs and a zip's XMLs in order, each with its own reason, skipping other files in the zip", async () => {
    const a = nfce(1);
    const b = nfce(2);
    const zip = zipEntries([
      deflatedEntry("dia/", ""),
      deflatedEntry("dia/NFCe-2.xml", b.xml),
      deflatedEntry("dia/leia-me.txt", "exportado pelo PDV"),
      deflatedEntry("dia/cancelamento-1.XML", cancelamentoXml(a.chave, UNIDADE.cnpj)),
      deflatedEntry("dia/quebrado.xml", "<nfeProc><NFe>"),
    ]);
    const read = await lerArquivosFiscais([
      { name: "C:\\PDV\\NFCe-1.xml", bytes: bytes(`\uFEFF${a.xml}`) },
      { name: "dia.zip", bytes: zip },
      { name: "danfe.pdf", bytes: bytes("%PDF-1.7") },
    ]);
    expect(read.map((r) => r.arquivo)).toEqual([
      "NFCe-1.xml",
      "dia.zip › NFCe-2.xml",
      "dia.zip › cancelamento-1.XML",
      "dia.zip › quebrado.xml",
      "danfe.pdf",
    ]);
    expect(read[0]?.leitura).toMatchObject({
      ok: true,
      documento: { tipo: "nota", chave: a.chave },
    });
    expect(read[1]?.leitura).toMatchObject({ ok: true, documento: { chave: b.chave } });
    expect(read[2]?.leitura).toMatchObject({
      ok: true,
      documento: { tipo: "cancelamento", chave: a.chave },
    });
    expect(read[3]?.leitura).toEqual({ ok: false, motivo: MOTIVOS_NOTA.xmlInvalido });
    expect(read[4]?.leitura).toEqual({ ok: false, motivo: MOTIVOS_ARQUIVO.tipo });
  });

  it("refuses a zip bomb before inflating it, and a zip that lies about its sizes", async () => {
    const bomb = zipEntries([deflatedEntry("a.xml", nfce(3).xml), bombEntry("b.xml", 600)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await lerArquivosFiscais([{ name: "bomba.zip", bytes: bomb }])).toEqual([
      { arquivo: "bomba.zip", leitura: { ok: false, motivo: MOTIVOS_ARQUIVO.zipGrande } },
    ]);
    // One XML entry over 5 MB (the largest note) is refused as a whole upload too.
    const big = zipEntries([bombEntry("c.xml", 6)]);
    expect((await lerArquivosFiscais([{ name: "c.zip", bytes: big }]))[0]?.leitura).toEqual({
      ok: false,
      motivo: MOTIVOS_ARQUIVO.zipGrande,
    });
    const lying = zipEntries([{ ...bombEntry("d.xml", 50), size: 4096 }]);
    expect((await lerArquivosFiscais([{ name: "d.zip", bytes: lying }]))[0]?.leitura).toEqual({
      ok: false,
      motivo: MOTIVOS_ARQUIVO.zipInvalido,
    });
  });

  it("says so for a damaged zip and for a zip without XML", async () => {
    const zip = zipEntries([deflatedEntry("a.xml", nfce(4).xml)]);
    const damaged = zip.subarray(0, zip.length - 30);
    expect((await lerArquivosFiscais([{ name: "x.zip", bytes: damaged }]))[0]?.leitura).toEqual({
      ok: false,
      motivo: MOTIVOS_ARQUIVO.zipInvalido,
    });
    const noXml = zipEntries([deflatedEntry("notas.csv", "a;b")]);
    expect((await lerArquivosFiscais([{ name: "y.zip", bytes: noXml }]))[0]?.leitura).toEqual({
      ok: false,
      motivo: MOTIVOS_ARQUIVO.zipVazio,
    });
  });

  it(`refuses more than ${MAX_DOCUMENTOS_ENVIO} documents in one upload`, async () => {
    const xml = bytes(nfce(5).xml);
    const files = Array.from({ length: MAX_DOCUMENTOS_ENVIO }, (_, i) => ({
      name: `${i}.xml`,
      bytes: xml,
    }));
    expect(await lerArquivosFiscais(files)).toHaveLength(MAX_DOCUMENTOS_ENVIO);
    const over = await lerArquivosFiscais([...files, { name: "extra.xml", bytes: xml }]);
    expect(over).toEqual([
      { arquivo: "extra.xml", leitura: { ok: false, motivo: MOTIVOS_ARQUIVO.documentos } },
    ]);
  });
});
