// Per-IP limits of the public forms, counted in the `rate_limits` table
// (operation 'form:<name>' + the client's IP), shared by every app instance.

import { consumeRateLimit, type RateLimitRule } from "./rate-limits.server";
import { requestInfo } from "./request-info.server";

const HOUR = 60 * 60_000;

export const PUBLIC_FORM_RULES = {
  orcamento: { max: 8, windowMs: HOUR, blockMs: HOUR },
  curriculo: { max: 6, windowMs: HOUR, blockMs: HOUR },
  // Every try of the resume form, valid or not (each may carry a 10 MB file): room to fix
  // mistakes, a wall for a script. Stored applications count under 'curriculo'.
  curriculoTentativa: { max: 30, windowMs: HOUR, blockMs: HOUR },
  contato: { max: 12, windowMs: 10 * 60_000, blockMs: 30 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type PublicForm = keyof typeof PUBLIC_FORM_RULES;

export function publicFormOperation(form: PublicForm): string {
  return `form:${form}`;
}

/** Counts this submission; false when the IP has sent too many and must wait. */
export async function allowPublicForm(form: PublicForm, request: Request): Promise<boolean> {
  const { ip } = requestInfo(request);
  return consumeRateLimit(publicFormOperation(form), ip, PUBLIC_FORM_RULES[form]);
}
