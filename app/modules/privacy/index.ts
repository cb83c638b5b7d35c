// The module's client-safe face: types, schemas and pure rules that components may use too.
export type { LegalPageKey } from "./legal-texts";
export { DEFAULT_LEGAL_TEXTS, LEGAL_PAGES, LEGAL_PLACEHOLDERS } from "./legal-texts";
export { legalTextsSchema, subjectSchema } from "./legal-texts.schema";
