// The browser's half of an island: its entry (`<name>.island.ts`, a module the page loads)
// finds the props the server wrote for it (./island.tsx) and runs once per occurrence.
import type { IslandName, IslandProps } from "~/islands/registry";

/** The selector of an island's props in the page. */
export function islandPropsSelector(name: IslandName): string {
  return `script[type="application/json"][data-island="${name}"]`;
}

export function mountIsland<N extends IslandName>(
  name: N,
  run: (props: IslandProps[N]) => void,
  root: ParentNode = document,
): void {
  for (const script of root.querySelectorAll<HTMLScriptElement>(islandPropsSelector(name))) {
    if (script.dataset.mounted === "1") continue;
    script.dataset.mounted = "1";
    run(JSON.parse(script.textContent || "null") as IslandProps[N]);
  }
}
