// Reads the fiscal XML files a Brazilian shop already keeps (issue 44): a supplier's NF-e
// (model 55) and the counter's NFC-e (model 65), both layout 4.00 as the SEFAZ returns them
// authorised (nfeProc: the note plus its protocol), and the cancellation event of a note
// (procEventoNFe, type 110111). Pure: text in, a typed document or a pt-BR reason out. Parsed
// by fast-xml-parser (a maintained, dependency-free parser) after refusing anything with a
// DOCTYPE or entity declarations, which no fiscal document uses and which is how XML bombs
// and external-entity reads get in.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { lerChaveAcesso } from "./chave-acesso";

/** Largest single XML read (an NF-e with 990 items is about 1.5 MB). */
const MAX_XML_BYTES = 5 * 1024 * 1024;
/** The layout allows items numbered 1 to 990. */
export const MAX_ITENS_NOTA = 990;

/** SEFAZ statuses of an authorised note: 100 authorised, 150 authorised out of time. */
const AUTORIZADA = new Set([100, 150]);
/** A cancellation event registered (135) or registered out of time (155). */
const EVENTO_REGISTRADO = new Set([135, 155]);
const CANCELAMENTO = "110111";

interface ItemNota {
  /** nItem, 1-based. */
  numero: number;
  /** The issuer's own product code (cProd). */
  codigo: string;
  /** GTIN/EAN of the commercial unit (cEAN), null for "SEM GTIN". */
  gtin: string | null;
  /** GTIN of the taxable unit (cEANTrib), null for "SEM GTIN". */
  gtinTributavel: string | null;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  /** Commercial unit as the issuer writes it ("UN", "CX", "SC", "KG"). */
  unidade: string;
  /** qCom: up to 4 decimals. */
  quantidade: number;
  /** vProd in centavos: quantity × unit value, before discounts. */
  valorTotal: number;
  /** vDesc in centavos (0 when absent). */
  desconto: number;
}

export interface NotaFiscal {
  tipo: "nota";
  chave: string;
  modelo: "55" | "65";
  serie: number;
  numero: number;
  /** dhEmi. */
  emitidaEm: Date;
  /** tpNF: 0 = entrada (issued by the receiver), 1 = saída. */
  operacao: "entrada" | "saida";
  emitente: { cnpj: string; nome: string; fantasia: string | null; ie: string | null };
  /** Absent in an NFC-e sold to an unidentified consumer. */
  destinatario: { cnpj: string | null; cpf: string | null; nome: string | null } | null;
  itens: ItemNota[];
  /** vNF in centavos. */
  valorTotal: number;
  protocolo: { status: number; motivo: string; numero: string | null; em: Date | null };
}

interface CancelamentoNota {
  tipo: "cancelamento";
  chave: string;
  /** The issuer's CNPJ (the event's author). */
  cnpj: string;
  em: Date;
  protocolo: string | null;
  justificativa: string | null;
}

type DocumentoFiscal = NotaFiscal | CancelamentoNota;

export type LeituraNota = { ok: true; documento: DocumentoFiscal } | { ok: false; motivo: string };

export const MOTIVOS_NOTA = {
  grande: `O arquivo passa de ${MAX_XML_BYTES / 1024 / 1024} MB, maior que qualquer nota fiscal.`,
  doctype:
    "O arquivo declara DOCTYPE ou entidades, que notas fiscais não usam. Por segurança, ele não foi lido.",
  xmlInvalido: "O arquivo não é um XML válido (está incompleto ou corrompido).",
  naoNota:
    "O arquivo não é uma NF-e, NFC-e ou cancelamento de nota (procure o XML autorizado, com nfeProc).",
  semProtocolo:
    "A nota não traz o protocolo de autorização da SEFAZ. Envie o XML autorizado (nfeProc), como o emissor o guarda.",
  versao: "A nota não é do leiaute 4.00, o único em vigor.",
  chave: "A chave de acesso da nota é inválida (o dígito verificador não confere).",
  chaveDiferente: "A chave de acesso do protocolo não é a da nota: o arquivo foi alterado.",
  emitenteDiferente: "O CNPJ do emitente não é o da chave de acesso: o arquivo foi alterado.",
  itens: `A nota tem itens demais (o leiaute permite até ${MAX_ITENS_NOTA}).`,
  semItens: "A nota não tem itens.",
  semData: "A nota não traz a data de emissão (dhEmi).",
  item: (n: number, o: string) => `O item ${n} da nota está incompleto: falta ${o}.`,
  eventoNaoCancelamento:
    "O evento não é um cancelamento de nota (tipo 110111); outros eventos não mudam o estoque.",
  eventoNaoRegistrado: "O cancelamento não foi registrado pela SEFAZ.",
} as const;

/** Why a note cannot be used although it was read: not authorised by the SEFAZ. */
export function motivoNaoAutorizada(nota: NotaFiscal): string | null {
  if (AUTORIZADA.has(nota.protocolo.status)) return null;
  return `A nota ${nota.numero} não está autorizada pela SEFAZ (situação ${nota.protocolo.status}: ${nota.protocolo.motivo}).`;
}

// Everything kept as text: CNPJs, GTINs and codes have leading zeros.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  processEntities: { enabled: true, maxEntityCount: 0, maxExpandedLength: 1_000 },
  htmlEntities: false,
  isArray: (name) => name === "det",
});

type Node = Record<string, unknown>;

function child(node: unknown, name: string): Node | undefined {
  if (!node || typeof node !== "object") return undefined;
  const value = (node as Node)[name];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

function text(node: unknown, name: string): string | null {
  if (!node || typeof node !== "object") return null;
  const value = (node as Node)[name];
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number") return String(value);
  return null;
}

/** A decimal of the layout ("12.3456") in hundredths, rounded. */
function centavos(value: string | null): number {
  if (!value || !/^\d{1,15}(\.\d{1,10})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

function quantity(value: string | null): number {
  if (!value || !/^\d{1,11}(\.\d{1,4})?$/.test(value)) return Number.NaN;
  return Number(value);
}

function date(value: string | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** GTIN-8/12/13/14 as written; "SEM GTIN" and anything else is no GTIN. */
function gtin(value: string | null): string | null {
  return value && /^(\d{8}|\d{12,14})$/.test(value) ? value : null;
}

function parseItem(det: Node, index: number): ItemNota | string {
  const prod = child(det, "prod");
  const numero = Number(det["@nItem"] ?? index + 1);
  if (!prod) return MOTIVOS_NOTA.item(numero, "o produto (prod)");
  const codigo = text(prod, "cProd");
  const descricao = text(prod, "xProd");
  const unidade = text(prod, "uCom");
  const quantidade = quantity(text(prod, "qCom"));
  const valorTotal = centavos(text(prod, "vProd"));
  if (!codigo) return MOTIVOS_NOTA.item(numero, "o código (cProd)");
  if (!descricao) return MOTIVOS_NOTA.item(numero, "a descrição (xProd)");
  if (!unidade) return MOTIVOS_NOTA.item(numero, "a unidade (uCom)");
  if (!(quantidade > 0)) return MOTIVOS_NOTA.item(numero, "a quantidade (qCom)");
  if (Number.isNaN(valorTotal)) return MOTIVOS_NOTA.item(numero, "o valor (vProd)");
  const vDesc = text(prod, "vDesc");
  return {
    numero,
    codigo,
    gtin: gtin(text(prod, "cEAN")),
    gtinTributavel: gtin(text(prod, "cEANTrib")),
    descricao,
    ncm: text(prod, "NCM"),
    cfop: text(prod, "CFOP"),
    unidade: unidade.toUpperCase(),
    quantidade,
    valorTotal,
    desconto: vDesc ? centavos(vDesc) || 0 : 0,
  };
}

function parseNota(proc: Node): LeituraNota {
  const nfe = child(proc, "NFe");
  const inf = child(nfe, "infNFe");
  if (!inf) return { ok: false, motivo: MOTIVOS_NOTA.naoNota };
  if (inf["@versao"] !== "4.00") return { ok: false, motivo: MOTIVOS_NOTA.versao };
  const chave = lerChaveAcesso(String(inf["@Id"] ?? ""));
  if (!chave) return { ok: false, motivo: MOTIVOS_NOTA.chave };
  const infProt = child(child(proc, "protNFe"), "infProt");
  if (!infProt) return { ok: false, motivo: MOTIVOS_NOTA.semProtocolo };
  const chaveProtocolo = text(infProt, "chNFe");
  if (chaveProtocolo !== chave.chave) return { ok: false, motivo: MOTIVOS_NOTA.chaveDiferente };

  const ide = child(inf, "ide");
  const emit = child(inf, "emit");
  const cnpjEmitente = text(emit, "CNPJ")?.toUpperCase() ?? "";
  if (cnpjEmitente !== chave.cnpjEmitente) {
    return { ok: false, motivo: MOTIVOS_NOTA.emitenteDiferente };
  }
  const dets = (inf.det as Node[] | undefined) ?? [];
  if (dets.length === 0) return { ok: false, motivo: MOTIVOS_NOTA.semItens };
  if (dets.length > MAX_ITENS_NOTA) return { ok: false, motivo: MOTIVOS_NOTA.itens };
  const itens: ItemNota[] = [];
  for (const [index, det] of dets.entries()) {
    const item = parseItem(det, index);
    if (typeof item === "string") return { ok: false, motivo: item };
    itens.push(item);
  }
  const dest = child(inf, "dest");
  const emitidaEm = date(text(ide, "dhEmi"));
  if (!emitidaEm) return { ok: false, motivo: MOTIVOS_NOTA.semData };
  return {
    ok: true,
    documento: {
      tipo: "nota",
      chave: chave.chave,
      modelo: chave.modelo,
      serie: chave.serie,
      numero: chave.numero,
      emitidaEm,
      operacao: text(ide, "tpNF") === "0" ? "entrada" : "saida",
      emitente: {
        cnpj: cnpjEmitente,
        nome: text(emit, "xNome") ?? "",
        fantasia: text(emit, "xFant"),
        ie: text(emit, "IE"),
      },
      destinatario: dest
        ? {
            cnpj: text(dest, "CNPJ")?.toUpperCase() ?? null,
            cpf: text(dest, "CPF"),
            nome: text(dest, "xNome"),
          }
        : null,
      itens,
      valorTotal: centavos(text(child(child(inf, "total"), "ICMSTot"), "vNF")) || 0,
      protocolo: {
        status: Number(text(infProt, "cStat")),
        motivo: text(infProt, "xMotivo") ?? "",
        numero: text(infProt, "nProt"),
        em: date(text(infProt, "dhRecbto")),
      },
    },
  };
}

function parseEvento(proc: Node): LeituraNota {
  const inf = child(child(proc, "evento"), "infEvento");
  const ret = child(child(proc, "retEvento"), "infEvento");
  if (!inf) return { ok: false, motivo: MOTIVOS_NOTA.naoNota };
  if (text(inf, "tpEvento") !== CANCELAMENTO) {
    return { ok: false, motivo: MOTIVOS_NOTA.eventoNaoCancelamento };
  }
  const chave = lerChaveAcesso(text(inf, "chNFe") ?? "");
  if (!chave) return { ok: false, motivo: MOTIVOS_NOTA.chave };
  if (!ret || !EVENTO_REGISTRADO.has(Number(text(ret, "cStat")))) {
    return { ok: false, motivo: MOTIVOS_NOTA.eventoNaoRegistrado };
  }
  if (text(ret, "chNFe") && text(ret, "chNFe") !== chave.chave) {
    return { ok: false, motivo: MOTIVOS_NOTA.chaveDiferente };
  }
  return {
    ok: true,
    documento: {
      tipo: "cancelamento",
      chave: chave.chave,
      cnpj: (text(inf, "CNPJ") ?? chave.cnpjEmitente).toUpperCase(),
      em: date(text(inf, "dhEvento")) ?? date(text(ret, "dhRegEvento")) ?? new Date(0),
      protocolo: text(ret, "nProt"),
      justificativa: text(child(inf, "detEvento"), "xJust"),
    },
  };
}

/** Reads one XML file's text as an authorised note or a cancellation, or says why not. */
export function lerDocumentoFiscal(xml: string): LeituraNota {
  if (xml.length > MAX_XML_BYTES) return { ok: false, motivo: MOTIVOS_NOTA.grande };
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) return { ok: false, motivo: MOTIVOS_NOTA.doctype };
  if (XMLValidator.validate(xml) !== true) return { ok: false, motivo: MOTIVOS_NOTA.xmlInvalido };
  let root: Node;
  try {
    root = parser.parse(xml) as Node;
  } catch {
    return { ok: false, motivo: MOTIVOS_NOTA.xmlInvalido };
  }
  const proc = child(root, "nfeProc");
  if (proc) return parseNota(proc);
  if (child(root, "NFe")) return { ok: false, motivo: MOTIVOS_NOTA.semProtocolo };
  const evento = child(root, "procEventoNFe");
  if (evento) return parseEvento(evento);
  return { ok: false, motivo: MOTIVOS_NOTA.naoNota };
}
