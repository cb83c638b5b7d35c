// The fiscal files of one upload (issue 44): XML files as chosen, or zips of them as every
// point-of-sale program and supplier portal exports a day or a month. Each XML is read as a
// document or given its pt-BR reason; a zip is opened within bounds first (the platform's
// reader), so a zip bomb is refused before it is inflated.
import { type LeituraNota, lerDocumentoFiscal } from "~/domain/nota-fiscal";
import { readZip, ZipLimitError } from "~/platform/zip.server";

/** Most XML documents in one upload: a busy counter's day is a few hundred NFC-e. */
export const MAX_DOCUMENTOS_ENVIO = 3_000;
/** Most bytes a zip of notes may inflate to (3,000 NFC-e are about 30 MB). */
const MAX_ZIP_BYTES = 100 * 1024 * 1024;
const MAX_XML_BYTES = 5 * 1024 * 1024;

export const MOTIVOS_ARQUIVO = {
  zipGrande: `O ZIP é grande demais depois de descompactado (limite de ${MAX_ZIP_BYTES / 1024 / 1024} MB ou ${MAX_DOCUMENTOS_ENVIO} arquivos). Envie em partes.`,
  zipInvalido: "O arquivo .zip está corrompido ou não é um ZIP.",
  zipVazio: "O ZIP não tem nenhum arquivo .xml.",
  documentos: `Envie no máximo ${MAX_DOCUMENTOS_ENVIO} notas de uma vez.`,
  tipo: "Envie arquivos .xml de NF-e ou NFC-e, ou um .zip com eles.",
} as const;

export interface ArquivoEnviado {
  name: string;
  bytes: Uint8Array;
}

export interface ArquivoLido {
  /** The file's name, with the zip's name in front for a file inside one. */
  arquivo: string;
  leitura: LeituraNota;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(file: ArquivoEnviado): boolean {
  return ZIP_MAGIC.every((byte, i) => file.bytes[i] === byte);
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** Text of an XML file: the layout is UTF-8; a BOM some programs write is dropped. */
function xmlText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}

function refused(arquivo: string, motivo: string): ArquivoLido {
  return { arquivo, leitura: { ok: false, motivo } };
}

/**
 * Reads every document of an upload, in the order given (a zip's in its own order). A file
 * that cannot be read gets its reason and the others are still read; past the upload's
 * bounds the whole upload is refused (a single entry with the reason), nothing applied.
 */
export async function lerArquivosFiscais(files: ArquivoEnviado[]): Promise<ArquivoLido[]> {
  const out: ArquivoLido[] = [];
  for (const file of files) {
    const name = baseName(file.name);
    if (isZip(file)) {
      let entries: { name: string; bytes: Buffer }[];
      try {
        entries = await readZip(
          file.bytes,
          {
            maxTotalBytes: MAX_ZIP_BYTES,
            maxEntries: MAX_DOCUMENTOS_ENVIO + 100,
            maxEntryBytes: MAX_XML_BYTES,
          },
          (entry) => /\.xml$/i.test(entry) && !baseName(entry).startsWith("."),
        );
      } catch (error) {
        return [
          refused(
            name,
            error instanceof ZipLimitError
              ? MOTIVOS_ARQUIVO.zipGrande
              : MOTIVOS_ARQUIVO.zipInvalido,
          ),
        ];
      }
      if (entries.length === 0) out.push(refused(name, MOTIVOS_ARQUIVO.zipVazio));
      for (const entry of entries) {
        out.push({
          arquivo: `${name} › ${baseName(entry.name)}`,
          leitura: lerDocumentoFiscal(xmlText(entry.bytes)),
        });
      }
    } else if (/\.xml$/i.test(name) || file.bytes[0] === 0x3c || file.bytes[0] === 0xef) {
      out.push({ arquivo: name, leitura: lerDocumentoFiscal(xmlText(file.bytes)) });
    } else {
      out.push(refused(name, MOTIVOS_ARQUIVO.tipo));
    }
    if (out.length > MAX_DOCUMENTOS_ENVIO) return [refused(name, MOTIVOS_ARQUIVO.documentos)];
  }
  return out;
}
