// The fiscal module's server face: the shop's NF-e and NFC-e files read (issue 44).
export { lerArquivosFiscais, MAX_DOCUMENTOS_ENVIO, MOTIVOS_ARQUIVO } from "./files.server";
