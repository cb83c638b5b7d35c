// Text fields every form shares: control characters refused (a NUL byte cannot even be
// stored by PostgreSQL), line breaks of text areas normalised, and the few shapes a person's
// data must have (a name has letters, a phone only phone characters, a street number a digit
// or "s/n"). Used by the browser's checks and by the actions alike.
import { z } from "zod";

export const CONTROL_CHARS_MESSAGE = "Remova os caracteres inválidos (caracteres de controle)";

/** C0 and C1 control characters, DEL included; tab and line breaks are judged by the field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when a value holds a control character no person types (tab and line breaks allowed). */
function hasControlChars(value: string): boolean {
  return CONTROL_IN_TEXT.test(value);
}

/** The first text field of a form holding a control character, or null. */
export function fieldWithControlChars(fields: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string" && (hasControlChars(value) || hasControlChars(key))) return key;
  }
  return null;
}

/** A one-line text (trimmed): no control character at all, tab and line breaks included. */
export const lineText = (message = CONTROL_CHARS_MESSAGE) =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_IN_LINE.test(v), message);

/**
 * A required one-line text (trimmed) of `min` to `max` characters: missing or too short,
 * `missing`; too long, "Use no máximo {max} caracteres"; no control character.
 */
export const requiredLine = (missing: string, min: number, max: number) =>
  z
    .string({ message: missing })
    .trim()
    .min(min, missing)
    .max(max, `Use no máximo ${max} caracteres`)
    .pipe(lineText());

/** A text area: Windows line breaks become "\n", other control characters are refused. */
export const areaText = (message = CONTROL_CHARS_MESSAGE) =>
  z
    .string()
    .overwrite((v) => v.replace(/\r\n?/g, "\n").trim())
    .refine((v) => !CONTROL_IN_TEXT.test(v), message);

/** A person's (or pet's) name has at least one letter: "<>" and "-1" are not names. */
export const hasLetter = (v: string) => /\p{L}/u.test(v);

/** What a phone may hold besides digits: spaces, +, parentheses, dashes and dots. */
export const isPhoneText = (v: string) => /^[\d\s+().-]*$/.test(v);

/** A street number: digits (with letters, as "12A" or "120-B") or "s/n" for none. */
export const isStreetNumber = (v: string) =>
  /^s\.?\/?\s*n\.?$/i.test(v) || (/\d/.test(v) && /^[\p{L}\d\s/.,ºª°-]+$/u.test(v));
