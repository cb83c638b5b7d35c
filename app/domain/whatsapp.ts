// Chat links (SPEC §7.6): digits only, 55 prefixed when missing, text URL-encoded.
// Render them with target="_blank" rel="noopener noreferrer" (see ChatLink props below).

/** Digits of a phone with Brazil's country code 55 in front when missing. */
export function normalizeChatNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits === "") return "";
  return digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`;
}

/** https://wa.me/<number>?text=<encoded text> */
export function chatLink(phone: string, text?: string): string {
  const number = normalizeChatNumber(phone);
  const query = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${number}${query}`;
}

/** The number chat links use: the admin's setting when set, else the shop's phone. */
export function chatNumber(settingsNumber: string | null | undefined, shopPhone: string): string {
  const fromSettings = settingsNumber?.replace(/\D/g, "") ?? "";
  return fromSettings.length >= 10 ? fromSettings : shopPhone;
}

/** Attributes every chat link carries: a new tab, no opener. */
export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
