// The module's client-safe face: types, schemas and pure rules that components may use too.
export type { LegalPageKey } from "./legal-pages";
export { LEGAL_PAGES } from "./legal-pages";
export { DEFAULT_LEGAL_TEXTS, LEGAL_PLACEHOLDERS } from "./legal-texts";
export { legalTextsSchema, subjectSchema } from "./legal-texts.schema";
