// The module's server face: what other modules, routes, scripts and tests may use.
export { legalPage, legalTextsForAdmin, saveLegalTexts } from "./legal-pages.server";
export { renderMarkdown } from "./markdown.server";
export { purgeExpiredPersonalData } from "./retention.server";
export {
  anonymiseSubject,
  eraseOwnAccount,
  exportSubjectZip,
  ownOpenWork,
  parseSubject,
  subjectSummary,
} from "./subject.server";
