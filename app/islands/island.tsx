// The server's half of an island (decision 0020): a page served without React writes the
// island's props as a JSON block and loads the island's module, a hashed file from the build
// (`virtual:islands`, vite/islands.ts), allowed by the policy's 'self'. The module reads the
// props back (./mount.ts). Scripts carry the response's nonce when there is one (a page kept
// by the shared cache has none: its policy lists the hash of the JSON block).

import { islandScripts } from "virtual:islands";
import { preloadModule } from "react-dom";
import type { IslandName, IslandProps } from "~/islands/registry";
import { useNonce } from "~/lib/nonce";

/** JSON that is safe inside <script>: no '</script>', '<!--' or line separators break out. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps[N] }) {
  const nonce = useNonce();
  const script = islandScripts[name];
  if (!script) {
    // The browser never renders an island page (app/lib/hydration.ts loads it as a document).
    if (typeof document !== "undefined") return null;
    throw new Error(`ilha desconhecida: ${name}`);
  }
  // The chunks the module imports (the kit) load beside it, not after it: React writes these
  // as <link rel="modulepreload"> in <head>.
  for (const href of script.preload) preloadModule(href, { as: "script", nonce });
  return (
    <>
      <script
        type="application/json"
        data-island={name}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, escaped for <script>
        dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
      />
      <script type="module" src={script.src} nonce={nonce} />
    </>
  );
}
