// CEP at the checkout (decision 0041): the pure half. A CEP typed any way ("88220-000",
// "88.220 000") as its 8 digits, and the neighbourhood a CEP service names matched to the
// served ones, ignoring accents, case, hyphens and repeated spaces.

export const CEP_MESSAGES = {
  invalid: "CEP inválido. Informe os 8 números do CEP.",
  notFound: "CEP não encontrado. Confira o número ou preencha o endereço.",
  unavailable: "Não foi possível consultar o CEP agora. Preencha o endereço abaixo.",
  tooMany: "Muitas consultas de CEP. Tente novamente em alguns minutos.",
} as const;

/** The 8 digits of a CEP, or null when it is not one (wrong length, all zeros, letters). */
export function normalizeCep(text: string | null | undefined): string | null {
  if (!text || text.length > 20 || /[^\d\s.-]/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length !== 8 || /^0+$/.test(digits)) return null;
  return digits;
}

/** "88220-000". */
export function formatCep(digits: string): string {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** A place name as compared: no accents, lower case, hyphens and runs of spaces as one space. */
function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[-–—.'’]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The served neighbourhood a CEP service's neighbourhood is (its name as the shop writes it),
 * or null. An empty served list means the shop delivers anywhere: the name found is kept.
 */
export function matchServedNeighbourhood(
  found: string | null | undefined,
  served: readonly { nome: string }[],
): string | null {
  const key = found ? placeKey(found) : "";
  if (!key) return null;
  if (served.length === 0) return found!.trim();
  return served.find((b) => placeKey(b.nome) === key)?.nome ?? null;
}

/** Whether two city names are the same city (accents and case aside). */
export function sameCity(a: string, b: string): boolean {
  return placeKey(a) === placeKey(b);
}
