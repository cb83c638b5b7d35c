// Per-IP limits of the public forms: operation 'form:<name>' + the client's IP, with the
// rules of rate-limits.server.ts, shared by every app instance.
import { consumeRateLimit, RATE_LIMITS } from "./rate-limits.server";
import { requestInfo } from "./request-info.server";

export type PublicForm = "orcamento" | "curriculo" | "curriculoTentativa" | "contato";

export function publicFormOperation(form: PublicForm) {
  return `form:${form}` as const;
}

/** The rule of a public form. */
export function publicFormRule(form: PublicForm) {
  return RATE_LIMITS[publicFormOperation(form)].rule;
}

/** Counts this submission; false when the IP has sent too many and must wait. */
export async function allowPublicForm(form: PublicForm, request: Request): Promise<boolean> {
  const { ip } = requestInfo(request);
  return consumeRateLimit(publicFormOperation(form), ip, publicFormRule(form));
}
