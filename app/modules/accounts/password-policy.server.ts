// The admin password policy (decision 0016): at least 12 characters (the shared zod schema
// says so in the form too) and not guessable by zxcvbn, with its Portuguese dictionaries and
// pt-BR feedback. Applies wherever an admin password is set: /admin/conta, admin:create and
// ADMIN_PASSWORD at first start.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ADMIN_PASSWORD_MIN } from "./password-change.schema";

/** zxcvbn scores 0 to 4; 3 is "safely unguessable" for an online attacker. */
const MIN_PASSWORD_SCORE = 3;

// The dictionaries are a few megabytes: loaded on the first password set, then kept.
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-pt-br"),
    ]);
    return new ZxcvbnFactory({
      translations: ptBr.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
    });
  })();
  return estimator;
}

/** Words of the shop an attacker would try first, besides the admin's own e-mail. */
const SHOP_WORDS = [
  "agropet",
  "litoral",
  "agropetlitoral",
  "agropet-litoral",
  "itapema",
  "meiapraia",
  "painel",
  // The placeholder of deploy/agropet.env.example, never a real password.
  "troque-esta-senha",
  "troqueestasenha",
];

/**
 * Why `password` is not good enough for an admin, in pt-BR, or null when it is.
 * `related` are the account's own words (its e-mail), which make a password weaker.
 */
export async function passwordWeakness(
  password: string,
  related: string[] = [],
): Promise<string | null> {
  if (password.length < ADMIN_PASSWORD_MIN) {
    return `A senha deve ter pelo menos ${ADMIN_PASSWORD_MIN} caracteres.`;
  }
  const zxcvbn = await loadEstimator();
  const words = related.flatMap((r) => [r, ...r.split(/[@._-]+/)]).filter((w) => w.length > 2);
  const result = zxcvbn.check(password, [...SHOP_WORDS, ...words]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  if (why.length === 0) why.push("Use uma frase com palavras pouco comuns.");
  return `Senha fraca, fácil de adivinhar. ${why.join(" ")}`;
}
