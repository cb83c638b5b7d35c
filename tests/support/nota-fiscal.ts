// Builds fiscal XML fixtures to the official layout 4.00 (issue 44): an authorised NF-e or
// NFC-e (nfeProc: NFe/infNFe in the layout's element order, plus protNFe) and a
// cancellation event (procEventoNFe, 110111), with real access keys whose check digit is
// computed by the rule of the Manual de Orientação do Contribuinte (modulo 11, weights 2..9).
import { digitoChave } from "~/domain/chave-acesso";

/** The shop's issuing units (Meia Praia, Centro) as their notes name them. */
export const MEIA_PRAIA = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };
export const CENTRO = { cnpj: "27865431000258", nome: "Agropet Litoral Ltda - Centro" };
/** The Golden 15 kg bag's EAN. */
export const GTIN_RACAO = "7891000100103";

export interface ItemFixture {
  codigo: string;
  descricao: string;
  gtin?: string | null;
  unidade?: string;
  quantidade: number;
  /** Centavos per commercial unit. */
  valorUnitario: number;
  /** Centavos off the item (vDesc), e.g. a counter discount. */
  desconto?: number;
  ncm?: string;
}

export interface NotaFixture {
  modelo?: "55" | "65";
  numero: number;
  serie?: number;
  emitidaEm?: Date;
  emitente: { cnpj: string; nome: string; uf?: string };
  destinatario?: { cnpj: string; nome: string } | null;
  itens: ItemFixture[];
  /** SEFAZ status in the protocol (100 = authorised). */
  status?: number;
  /** Leave the protocol out (a note as signed, never sent). */
  semProtocolo?: boolean;
}

const MOTIVO: Record<number, string> = {
  100: "Autorizado o uso da NF-e",
  110: "Uso Denegado",
  301: "Uso Denegado: Irregularidade fiscal do emitente",
};

function decimal(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** An ISO date with the São Paulo offset, as the layout writes dhEmi. */
function dataHora(at: Date): string {
  const local = new Date(at.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** A real access key for this note (cNF derived from the number, so the same note, the same key). */
export function chaveDe(
  nota: Pick<NotaFixture, "modelo" | "numero" | "serie" | "emitidaEm" | "emitente">,
): string {
  const at = nota.emitidaEm ?? new Date("2026-11-27T13:00:00Z");
  const yymm = `${String(at.getUTCFullYear()).slice(2)}${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
  const first43 =
    "42" +
    yymm +
    nota.emitente.cnpj.toUpperCase() +
    (nota.modelo ?? "55") +
    String(nota.serie ?? 1).padStart(3, "0") +
    String(nota.numero).padStart(9, "0") +
    "1" +
    String((nota.numero * 7919) % 100_000_000).padStart(8, "0");
  return first43 + digitoChave(first43);
}

function xmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function notaXml(nota: NotaFixture): { xml: string; chave: string } {
  const modelo = nota.modelo ?? "55";
  const chave = chaveDe(nota);
  const at = nota.emitidaEm ?? new Date("2026-11-27T13:00:00Z");
  const status = nota.status ?? 100;
  let total = 0;
  const dets = nota.itens
    .map((item, i) => {
      const vProd = Math.round(item.quantidade * item.valorUnitario);
      total += vProd - (item.desconto ?? 0);
      const vDesc = item.desconto ? `<vDesc>${decimal(item.desconto)}</vDesc>` : "";
      const gtin = item.gtin ?? "SEM GTIN";
      return `<det nItem="${i + 1}"><prod><cProd>${xmlText(item.codigo)}</cProd><cEAN>${gtin}</cEAN><xProd>${xmlText(item.descricao)}</xProd><NCM>${item.ncm ?? "23091000"}</NCM><CFOP>${modelo === "65" ? "5102" : "6102"}</CFOP><uCom>${item.unidade ?? "UN"}</uCom><qCom>${item.quantidade.toFixed(4)}</qCom><vUnCom>${(item.valorUnitario / 100).toFixed(10)}</vUnCom><vProd>${decimal(vProd)}</vProd><cEANTrib>${gtin}</cEANTrib><uTrib>${item.unidade ?? "UN"}</uTrib><qTrib>${item.quantidade.toFixed(4)}</qTrib><vUnTrib>${(item.valorUnitario / 100).toFixed(10)}</vUnTrib>${vDesc}<indTot>1</indTot></prod><imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>`;
    })
    .join("");
  const dest = nota.destinatario
    ? `<dest><CNPJ>${nota.destinatario.cnpj}</CNPJ><xNome>${xmlText(nota.destinatario.nome)}</xNome><indIEDest>9</indIEDest></dest>`
    : "";
  const infNFe = `<infNFe versao="4.00" Id="NFe${chave}"><ide><cUF>42</cUF><cNF>${chave.slice(35, 43)}</cNF><natOp>VENDA</natOp><mod>${modelo}</mod><serie>${nota.serie ?? 1}</serie><nNF>${nota.numero}</nNF><dhEmi>${dataHora(at)}</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>4208302</cMunFG><tpImp>${modelo === "65" ? 4 : 1}</tpImp><tpEmis>1</tpEmis><cDV>${chave[43]}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal><indPres>1</indPres><procEmi>0</procEmi><verProc>1.0</verProc></ide><emit><CNPJ>${nota.emitente.cnpj}</CNPJ><xNome>${xmlText(nota.emitente.nome)}</xNome><enderEmit><xLgr>Rua 1</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>4208302</cMun><xMun>Itapema</xMun><UF>${nota.emitente.uf ?? "SC"}</UF><CEP>88220000</CEP></enderEmit><IE>255555555</IE><CRT>1</CRT></emit>${dest}${dets}<total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vProd>${decimal(total)}</vProd><vNF>${decimal(total)}</vNF></ICMSTot></total><transp><modFrete>9</modFrete></transp><pag><detPag><tPag>01</tPag><vPag>${decimal(total)}</vPag></detPag></pag></infNFe>`;
  const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe">${infNFe}<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>AAAA</SignatureValue></Signature></NFe>`;
  if (nota.semProtocolo) return { xml: `<?xml version="1.0" encoding="UTF-8"?>${nfe}`, chave };
  const prot = `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SVRS202611</verAplic><chNFe>${chave}</chNFe><dhRecbto>${dataHora(new Date(at.getTime() + 60_000))}</dhRecbto><nProt>342260000${String(nota.numero).padStart(6, "0")}</nProt><digVal>AAAA</digVal><cStat>${status}</cStat><xMotivo>${MOTIVO[status] ?? "Rejeição"}</xMotivo></infProt></protNFe>`;
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}${prot}</nfeProc>`,
    chave,
  };
}

/** The cancellation event of a note, registered by the SEFAZ (cStat 135). */
export function cancelamentoXml(
  chave: string,
  cnpj: string,
  em = new Date("2026-11-27T18:00:00Z"),
): string {
  const inf = `<infEvento Id="ID110111${chave}01"><cOrgao>42</cOrgao><tpAmb>1</tpAmb><CNPJ>${cnpj}</CNPJ><chNFe>${chave}</chNFe><dhEvento>${dataHora(em)}</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>342260000000001</nProt><xJust>Venda cancelada a pedido do cliente</xJust></detEvento></infEvento>`;
  const ret = `<retEvento versao="1.00"><infEvento><tpAmb>1</tpAmb><verAplic>SVRS202611</verAplic><cOrgao>42</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>${dataHora(em)}</dhRegEvento><nProt>342260000099999</nProt></infEvento></retEvento>`;
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00">${inf}</evento>${ret}</procEventoNFe>`;
}
