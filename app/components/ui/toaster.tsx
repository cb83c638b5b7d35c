import type * as React from "react";
import { Toaster as Sonner } from "sonner";

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
