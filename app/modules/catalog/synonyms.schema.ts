// A group of words the store's search treats as one (/admin/loja/sinonimos): typed as a
// list separated by commas or lines, kept lower-case and without accents. Checked in the
// browser and by the action with the same schema.
import { z } from "zod";
import { normalizeSearch } from "./search";

export const SYNONYMS_INVALID = "Confira os termos do grupo";
/** Terms in one group, at most. */
export const MAX_SYNONYM_TERMS = 20;
const MAX_TERM_LENGTH = 40;
const MAX_FIELD_LENGTH = 600;

/** "Antipulga, antipulgas\nPulgas" -> ["antipulga", "antipulgas", "pulgas"], each once. */
function synonymTerms(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;\n]/)
        .map((term) => normalizeSearch(term))
        .filter(Boolean),
    ),
  ];
}

export const synonymGroupSchema = z.object({
  termos: z
    .string({ error: "Informe os termos" })
    .max(MAX_FIELD_LENGTH, `Use no máximo ${MAX_FIELD_LENGTH} caracteres`)
    .transform(synonymTerms)
    .superRefine((terms, ctx) => {
      const issue = synonymTermsIssue(terms);
      if (issue) ctx.addIssue({ code: "custom", message: issue });
    }),
});

export type SynonymGroupInput = z.infer<typeof synonymGroupSchema>;

function synonymTermsIssue(terms: string[]): string | null {
  if (terms.length < 2) return "Informe ao menos 2 termos, separados por vírgula";
  if (terms.length > MAX_SYNONYM_TERMS)
    return `Use no máximo ${MAX_SYNONYM_TERMS} termos por grupo`;
  for (const term of terms) {
    if (term.length < 2) return `O termo “${term}” é curto demais`;
    if (term.length > MAX_TERM_LENGTH) {
      return `Cada termo deve ter no máximo ${MAX_TERM_LENGTH} caracteres`;
    }
    if (!/^[a-z0-9-]+$/.test(term)) {
      return `O termo “${term}” deve ser uma palavra só (letras, números ou hífen)`;
    }
  }
  return null;
}
