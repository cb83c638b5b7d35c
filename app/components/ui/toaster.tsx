import type * as React from "react";
import { Toaster as Sonner, toast } from "sonner";

// Sonner's rich colours are a shade too light for WCAG AA on their pale backgrounds:
// darker text keeps every toast at 4.5:1 or better.
const contrastSafeColors = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--info-text": "hsl(210, 92%, 32%)",
  "--warning-text": "hsl(31, 92%, 26%)",
  "--error-text": "hsl(360, 100%, 35%)",
} as React.CSSProperties;

/** SPEC §9: toasts last 4000 ms, 3 visible. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      style={contrastSafeColors}
    />
  );
}

/**
 * Copies `text` and says so in a toast (`copied`); when the browser refuses, the toast asks
 * to select `what` and copy it by hand.
 */
export async function copyWithToast(text: string, copied: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(`Não foi possível copiar. Selecione ${what} e copie manualmente.`);
  }
}
