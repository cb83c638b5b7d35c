// Small rules of written Portuguese the screens share.

/** Ends a sentence once: "… Ltda." stays "… Ltda.", "… Ltda" becomes "… Ltda." */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
