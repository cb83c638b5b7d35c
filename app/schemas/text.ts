// Text fields every form shares: control characters refused (a NUL byte cannot even be
// stored by PostgreSQL), line breaks of text areas normalised, and the few shapes a person's
// data must have (a name has letters, a phone only phone characters, a street number a digit
// or "s/n"). Used by the browser's checks and by the actions alike.
import { z } from "zod";

export const CONTROL_CHARS_MESSAGE = "Remova os caracteres inválidos (caracteres de controle)";

/**
 * C0 and C1 control characters, DEL included, and the invisible marks that reorder text
 * (U+061C, U+200E/F, the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069): a name with U+202E shows reversed on the order card and in an e-mail.
 * Tab and line breaks are judged by the field.
 */
const CONTROL_IN_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const CONTROL_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

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
const hasLetter = (v: string) => /\p{L}/u.test(v);

/**
 * What a name of a person, a pet, a company or a place is written with: letters (accents
 * included), digits ("Unidade 2", "Rua 300"), spaces and . , ' ’ ( ) - / & º ª °. Not
 * quotes, braces, colons, equals or angle brackets: `{"a":1}`, `Set-Cookie: x=1` and
 * `<b>` are no one's name. Zero-width characters are none of these, so they go too.
 */
const NAME_CHARS = /^[\p{L}\p{M}\d .,'’()/&ºª°-]+$/u;
/** Values a program writes, never a person: a name that is exactly one of them is refused. */
const PROGRAM_VALUES = /^(?:true|false|null|undefined|nan|none|object)$/i;
export const NAME_CHARS_MESSAGE =
  "Use no nome letras, números, espaços e . , ' - / ( ) & (sem aspas, chaves, dois-pontos ou =)";

/** Whether `v` may be stored as a name (see NAME_CHARS); the form and the action use it. */
export function isNameText(v: string): boolean {
  return NAME_CHARS.test(v) && hasLetter(v) && !PROGRAM_VALUES.test(v);
}

/**
 * The name of a person, a pet, a company or a place, wherever one is typed (checkout, quote,
 * booking, resume, contact, units, neighbourhoods, the admin's forms): trimmed, inner spaces
 * made one, `min` to `max` characters, with letters, and none of the characters above.
 * Missing or too short, `missing`; made of something else, NAME_CHARS_MESSAGE (or
 * `missing` when it has no letter at all, as "-1").
 */
export const nameText = (missing: string, min: number, max: number) =>
  z
    .string({ message: missing })
    .trim()
    .transform((v) => v.replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(min, missing)
        .max(max, `Use no máximo ${max} caracteres`)
        .refine((v) => !CONTROL_IN_LINE.test(v), CONTROL_CHARS_MESSAGE)
        .refine((v) => v === "" || (hasLetter(v) && !PROGRAM_VALUES.test(v)), missing)
        .refine((v) => v === "" || !hasLetter(v) || NAME_CHARS.test(v), NAME_CHARS_MESSAGE),
    );

/** What a phone may hold besides digits: spaces, +, parentheses, dashes and dots. */
export const isPhoneText = (v: string) => /^[\d\s+().-]*$/.test(v);

/** A street number: digits (with letters, as "12A" or "120-B") or "s/n" for none. */
export const isStreetNumber = (v: string) =>
  /^s\.?\/?\s*n\.?$/i.test(v) || (/\d/.test(v) && /^[\p{L}\d\s/.,ºª°-]+$/u.test(v));
