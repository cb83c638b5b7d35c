// Form fields shared by the admin schemas: money typed the Brazilian way ('12,90').
import { z } from "zod";
import { parseBRL } from "~/domain/money";
import { lineText } from "./text";

/** Required money field: text in, centavos out. */
export function moneyField(requiredMessage: string, invalidMessage = "Valor inválido") {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((text, ctx) => {
      const value = parseBRL(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      }
      return value;
    });
}

/** An optional field read by `read`: '' -> null; a text `read` refuses (null) -> `invalidMessage`. */
export function optionalField<T>(read: (text: string) => T | null, invalidMessage: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const value = read(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      }
      return value;
    });
}

/** Optional money field: '' -> null. */
export function optionalMoneyField(invalidMessage = "Valor inválido") {
  return optionalField(parseBRL, invalidMessage);
}

/**
 * For a `.transform`: a positive amount in reais ('50,00') as centavos. Empty gives `empty`
 * (undefined or null, as the schema's output wants); a text that is not above zero, or is
 * above `max`, an issue.
 */
export function positiveReais<E extends null | undefined>(
  empty: E,
  max?: { centavos: number; message: string },
) {
  return (text: string | undefined, ctx: z.core.$RefinementCtx): number | E => {
    if (!text) return empty;
    const centavos = parseBRL(text);
    if (centavos === null || centavos <= 0) {
      ctx.addIssue({ code: "custom", message: "Valor inválido" });
      return z.NEVER;
    }
    if (max && centavos > max.centavos) {
      ctx.addIssue({ code: "custom", message: max.message });
      return z.NEVER;
    }
    return centavos;
  };
}

/** Required text (trimmed): missing, `missing`; over `max` characters, `tooLong`. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong).pipe(lineText());

/** Optional text: '' -> null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((text) => (text ? text : null));

/** An optional record id: absent or '' -> null; anything else must be a uuid (`message`). */
export const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.uuid(message).nullable());

/** A checkbox: present ('on' / 'true') means true. */
export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");
