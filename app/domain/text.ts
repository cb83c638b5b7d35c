// Small rules of written Portuguese the screens share.

/** Ends a sentence once: "… Ltda." stays "… Ltda.", "… Ltda" becomes "… Ltda." */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A count with its noun, written out: "1 pedido", "2 pedidos", "0 pedidos" (never
 * "pedido(s)"). `plural` when it is not the singular plus "s" ("variação", "variações").
 */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? singular : plural}`;
}
