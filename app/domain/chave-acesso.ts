// The 44-character access key (chave de acesso) of an NF-e (model 55) or NFC-e (model 65),
// layout 4.00: cUF(2) AAMM(2+2) CNPJ(14) mod(2) série(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
// The check digit is a modulo 11 over the first 43 characters with weights 2..9 from the
// right. From July 2026 the issuer's CNPJ may be alphanumeric (IN RFB 2.229/2024); the key
// then carries letters in that field and each character weighs its ASCII code minus 48
// (NT 2025.001), which for digits is the digit itself, so one rule serves both.

export interface ChaveAcesso {
  chave: string;
  /** IBGE code of the issuer's state (42 = Santa Catarina). */
  uf: string;
  /** Year and month of issue, "2026-11". */
  anoMes: string;
  /** The issuer's CNPJ as in the key (14 characters, may be alphanumeric). */
  cnpjEmitente: string;
  modelo: "55" | "65";
  serie: number;
  numero: number;
}

const KEY = /^\d{6}[0-9A-Z]{12}\d{2}(55|65)\d{22}$/;

/** The check digit of the first 43 characters of a key. */
export function digitoChave(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Spaces and dots people copy from a DANFE's printed key. */
const KEY_SEPARATORS = /[\s.]/g;

/**
 * Reads a key as typed or as found in a file (the Id attribute's "NFe" prefix and the
 * DANFE's spacing are dropped); null when it is not a well-formed key with a right digit.
 */
export function lerChaveAcesso(raw: string): ChaveAcesso | null {
  const chave = raw.replace(/^NFe/, "").replace(KEY_SEPARATORS, "").toUpperCase();
  if (!KEY.test(chave)) return null;
  const month = Number(chave.slice(4, 6));
  if (month < 1 || month > 12) return null;
  if (digitoChave(chave.slice(0, 43)) !== Number(chave[43])) return null;
  return {
    chave,
    uf: chave.slice(0, 2),
    anoMes: `20${chave.slice(2, 4)}-${chave.slice(4, 6)}`,
    cnpjEmitente: chave.slice(6, 20),
    modelo: chave.slice(20, 22) as "55" | "65",
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
  };
}

/** A key in groups of four, as the DANFE prints it (for reading aloud and comparing). */
export function formatarChave(chave: string): string {
  return chave.replace(/(.{4})(?=.)/g, "$1 ");
}
