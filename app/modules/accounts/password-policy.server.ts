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
  "meia praia",
  "painel",
  "loja",
  "petshop",
  // The placeholder of deploy/agropet.env.example, never a real password.
  "troque-esta-senha",
  "troqueestasenha",
];

/** Lower case without accents: "Ração" and "racao" are the same word to an attacker. */
function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/**
 * The words an attacker of this shop tries first: the fixed ones, the shop's own (its name,
 * units, city: `shopWords`, read by the caller from the settings), each word of them, the
 * years around now, and the account's own (its e-mail).
 */
function guessableWords(related: string[], shopWords: string[], at: Date): string[] {
  const year = at.getFullYear();
  const years = [year - 2, year - 1, year, year + 1].map(String);
  const split = (w: string) => [w, w.replace(/\s+/g, ""), ...w.split(/[\s@._/-]+/)];
  const words = [...SHOP_WORDS, ...shopWords, ...related].flatMap(split).map(plain);
  return [...new Set([...words.filter((w) => w.length > 2), ...years])];
}

/** Words long enough to cut out of a password ("com" of an e-mail is part of many words). */
function cuttable(words: string[]): string[] {
  return words.filter((w) => w.length > 3);
}

/**
 * The password without the guessable words, the years and anything that is not a letter or
 * a digit: `agropet@2026!` leaves nothing, which zxcvbn alone scores as safe (a dictionary
 * word, a separator, a recent year and a symbol make 10^9 guesses on paper; an attacker of
 * this shop tries exactly that first).
 */
function withoutGuessable(password: string, words: string[]): string {
  let rest = plain(password);
  // Longest first: "agropetlitoral" goes as one before "agropet" leaves "litoral".
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    rest = rest.split(word).join(" ");
  }
  return rest.replace(/[^\p{L}\p{N}]+/gu, "");
}

/** What is left after the shop's words must still be this long to count as a password. */
const MIN_OWN_PART = 8;

/**
 * Why `password` is not good enough for an admin, in pt-BR, or null when it is.
 * `related` are the account's own words (its e-mail), `shopWords` the shop's (name, units,
 * city): both make a password weaker.
 */
export async function passwordWeakness(
  password: string,
  related: string[] = [],
  shopWords: string[] = [],
  at = new Date(),
): Promise<string | null> {
  if (password.length < ADMIN_PASSWORD_MIN) {
    return `A senha deve ter pelo menos ${ADMIN_PASSWORD_MIN} caracteres.`;
  }
  const zxcvbn = await loadEstimator();
  const words = guessableWords(related, shopWords, at);
  const own = withoutGuessable(password, cuttable(words));
  if (own.length < MIN_OWN_PART) {
    return "Senha fraca, fácil de adivinhar. Não use o nome da loja, das unidades, da cidade ou o ano: acrescente palavras suas, pouco comuns.";
  }
  const result = zxcvbn.check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  if (why.length === 0) why.push("Use uma frase com palavras pouco comuns.");
  return `Senha fraca, fácil de adivinhar. ${why.join(" ")}`;
}
