// A company's fiscal identity as the SEFAZ knows it (issue 44): the CNPJ, numeric or in the
// alphanumeric format of registrations from July 2026 (12 letters or digits, then two check
// digits), and the state registration (IE), whose length and check digits differ by state.
// Check digits come from maintained libraries: cpf-cnpj-validator for the CNPJ (the RFB's
// alphanumeric rule) and validations-br for the IE of each of the 27 states.
import { cnpj as cnpjRules } from "cpf-cnpj-validator";
import { validateIE } from "validations-br";

export type FiscalIdResult = { ok: true; value: string | null } | { ok: false; message: string };

/** What people put around the characters of a CNPJ or an IE. */
const MASK_CHARS = /[\s.\-/]/g;
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

/** A CNPJ as typed (mask or not, any case) to its 14 bare characters; blank is null. */
export function lerCnpj(typed: string): FiscalIdResult {
  const bare = typed.replace(MASK_CHARS, "").toUpperCase();
  if (bare === "") return { ok: true, value: null };
  if (!CNPJ_SHAPE.test(bare)) {
    return {
      ok: false,
      message: "CNPJ inválido: são 14 caracteres, ex.: 12.345.678/0001-95 ou 12.ABC.345/01DE-35",
    };
  }
  if (!cnpjRules.isValid(bare)) return { ok: false, message: "CNPJ inválido: confira os dígitos" };
  return { ok: true, value: bare };
}

/** 12345678000195 -> 12.345.678/0001-95 (letters kept). */
export function formatarCnpj(bare: string): string {
  return `${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12)}`;
}

/**
 * A state registration for the state `uf` to its bare digits (or "ISENTO"); blank is null.
 * The message names the state, since the same number can be right in one and wrong in another.
 */
export function lerInscricaoEstadual(typed: string, uf: string): FiscalIdResult {
  const bare = typed.replace(MASK_CHARS, "").toUpperCase();
  if (bare === "") return { ok: true, value: null };
  if (bare === "ISENTO" || bare === "ISENTA") return { ok: true, value: "ISENTO" };
  // Only SP's rural producers carry a letter (P); every other IE is digits.
  if (!/^P?\d{2,14}$/.test(bare)) {
    return { ok: false, message: "Inscrição estadual inválida: use só os números (ou ISENTO)" };
  }
  if (!validateIE(bare, uf.toLowerCase())) {
    return {
      ok: false,
      message: `Inscrição estadual inválida para ${uf.toUpperCase()}: confira os dígitos`,
    };
  }
  return { ok: true, value: bare };
}
