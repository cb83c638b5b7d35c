import { useState } from "react";

/**
 * A dialog that each row of a long list has (30 products a page, each with "Editar" and "Excluir"):
 * until its button is first pressed, only the button renders (no fetcher, no dialog parts),
 * and the press mounts the dialog already open. `mounted` says which to render; the bare
 * button takes `triggerProps`.
 */
export function useMountOnPress() {
  const [mounted, setMounted] = useState(false);
  return {
    mounted,
    triggerProps: {
      type: "button",
      "aria-haspopup": "dialog",
      onClick: () => setMounted(true),
    } as const,
  };
}
