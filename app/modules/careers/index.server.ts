// The module's server face: what other modules, routes, scripts and tests may use.
export { testDatabase } from "./database-check.server";
export { submitResume } from "./resumes.server";
export {
  attachmentHeader,
  fileSlug,
  listResumes,
  newResumes,
  readResumeFile,
  setResumeStatus,
} from "./review.server";
