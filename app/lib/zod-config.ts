// zod's own messages in pt-BR, for the checks a schema gives no message of its own (a
// field missing from the request, a value of the wrong type): visitors never read a
// library message in English. Called by the server entry, the root (browser) and tests.
import { z } from "zod";

export function configureZod(options: { browser?: boolean } = {}) {
  z.config(z.locales.ptBR());
  z.config({
    customError: (issue) => {
      if (issue.code !== "invalid_type") return undefined;
      return issue.input === undefined ? "Campo obrigatório" : "Valor inválido";
    },
    // In the browser, no `new Function` probe: the strict CSP ('unsafe-eval' absent)
    // reports it as a violation even though zod recovers.
    ...(options.browser ? { jitless: true } : {}),
  });
}
