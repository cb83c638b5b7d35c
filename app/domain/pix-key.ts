// A Pix key in the one form the Central Bank's directory (DICT) stores it, which is what
// bank apps look up when they read a BR Code: CPF and CNPJ as bare digits (the CNPJ may be
// alphanumeric from July 2026, letters upper-case), a mobile phone as +55 DDD number,
// an e-mail in lower case and a random key (EVP) as a lower-case UUID. A key typed
// with its mask ('27.865.431/0001-77') is not found by the payer's bank.
// Check digits come from cpf-cnpj-validator, which follows the RFB's alphanumeric rule
// (Nota Técnica 49/2024). drizzle/0018_chave_pix_normalizada.sql repeats these rules
// in SQL for the keys already saved; keep the two in step.
import { cnpj, cpf } from "cpf-cnpj-validator";
import { defineVocabulary } from "./vocabulary";

const tiposChave = defineVocabulary({
  cpf: "CPF",
  cnpj: "CNPJ",
  celular: "Celular",
  email: "E-mail",
  aleatoria: "Chave aleatória",
});
export const PIX_KEY_TIPO_LABEL = tiposChave.label;
type PixKeyTipo = (typeof tiposChave.values)[number];

/** The DICT's longest key (an e-mail). */
export const PIX_KEY_MAX = 77;

export const PIX_KEY_EXAMPLES =
  "CPF 529.982.247-25, CNPJ 12.345.678/0001-95 (ou 12.ABC.345/01DE-35), " +
  "celular (47) 99999-0416, e-mail loja@exemplo.com.br ou chave aleatória " +
  "123e4567-e89b-12d3-a456-426614174000";

export type PixKeyResult =
  | { ok: true; tipo: PixKeyTipo; chave: string }
  | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** A Brazilian mobile: a DDD (no DDD ends in 0) and nine digits starting with 9. */
const MOBILE = /^[1-9][1-9]9\d{8}$/;
const CPF_MASK = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const CNPJ_MASK = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/i;
/** What people put around the characters of a CPF, CNPJ or phone. */
const MASK_CHARS = /[\s.\-/()]/g;

function invalid(what: string): PixKeyResult {
  return { ok: false, message: `${what} Exemplos: ${PIX_KEY_EXAMPLES}.` };
}

function phone(digits: string): PixKeyResult | null {
  const national = digits.startsWith("55") && digits.length === 13 ? digits.slice(2) : digits;
  return MOBILE.test(national) ? { ok: true, tipo: "celular", chave: `+55${national}` } : null;
}

/** The key as the DICT stores it, or a pt-BR message with an example of each type. */
export function normalizePixKey(typed: string): PixKeyResult {
  const text = typed.trim();
  if (!text) return invalid("Informe a chave Pix.");
  if (text.length > PIX_KEY_MAX) return invalid("Chave Pix longa demais.");

  if (text.includes("@")) {
    return EMAIL.test(text)
      ? { ok: true, tipo: "email", chave: text.toLowerCase() }
      : invalid("E-mail inválido para chave Pix.");
  }
  if (UUID.test(text)) return { ok: true, tipo: "aleatoria", chave: text.toLowerCase() };

  if (text.startsWith("+")) {
    const digits = text.slice(1).replace(MASK_CHARS, "");
    if (/^\d+$/.test(digits) && digits.startsWith("55")) {
      const found = phone(digits);
      if (found && digits.length === 13) return found;
    }
    return invalid("Celular inválido: use +55, o DDD e os 9 dígitos do número.");
  }

  const stripped = text.replace(MASK_CHARS, "").toUpperCase();
  // Parentheses are a phone's ('(47) 99999-0416'), whatever its digits happen to be.
  if (text.includes("(")) {
    return phone(stripped) ?? invalid("Celular inválido: use o DDD e os 9 dígitos do número.");
  }
  if (CPF_MASK.test(text)) {
    return cpf.isValid(stripped)
      ? { ok: true, tipo: "cpf", chave: stripped }
      : invalid("CPF inválido: confira os dígitos.");
  }
  if (CNPJ_MASK.test(text)) {
    return cnpj.isValid(stripped)
      ? { ok: true, tipo: "cnpj", chave: stripped }
      : invalid("CNPJ inválido: confira os dígitos.");
  }
  if (/^\d{11}$/.test(stripped) && cpf.isValid(stripped)) {
    return { ok: true, tipo: "cpf", chave: stripped };
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(stripped)) {
    return cnpj.isValid(stripped)
      ? { ok: true, tipo: "cnpj", chave: stripped }
      : invalid("CNPJ inválido: confira os dígitos.");
  }
  if (/^\d+$/.test(stripped)) {
    const found = phone(stripped);
    if (found) return found;
    if (stripped.length === 11) return invalid("CPF inválido: confira os dígitos.");
  }
  return invalid("Chave Pix inválida.");
}
