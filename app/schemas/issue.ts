// A refinement's message on one field of a form, as the form shows it beside that field.
import type { z } from "zod";

/** `const issue = issueAt(ctx)`, then `issue("bairro", "Selecione o bairro")`. */
export const issueAt =
  <T>(ctx: z.core.$RefinementCtx<T>) =>
  (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
