// The module's client-safe face: types, schemas and pure rules that components may use too.
export { MAX_RESUME_BYTES, RESUME_MESSAGES } from "./resume.schema";
