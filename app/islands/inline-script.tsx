// A small piece of behaviour for a page served without React (decision 0009): a typed,
// self-contained function, written into the page as an inline script and called with its
// arguments. When React renders the same page (a client navigation from a hydrated page),
// an effect calls the same function instead. The function must not use anything from its
// module scope: only its arguments and the DOM. An island that declares a second parameter
// gets the shared helpers (./kit.ts) there: the page's first such island writes the kit, once,
// into `window`, and the others read it from there.
import { createContext, useContext, useEffect, useId, useState } from "react";
import { type IslandKit, islandKit } from "~/islands/kit";
import { useNonce } from "~/lib/nonce";

/** Where the first island that takes the kit leaves it for the others. */
const KIT_GLOBAL = "window.agropetKit";

/** The island (its useId) that writes this page's kit. */
type KitWriter = { id: string | null };
const KitWriterContext = createContext<KitWriter | null>(null);

/** Around the page (root layout): its islands then write the kit once between them. */
export function IslandKitScope({ children }: { children: React.ReactNode }) {
  // One per page render; kept in state so the browser's own render agrees on the writer.
  const [writer] = useState<KitWriter>(() => ({ id: null }));
  return <KitWriterContext.Provider value={writer}>{children}</KitWriterContext.Provider>;
}

/**
 * Whether this island writes the kit: the first one rendered that takes it. The server renders
 * in document order (no Suspense around islands), so the kit comes before every island that
 * reads it. Marking by useId keeps the answer the same when React renders the island again.
 */
function useWritesKit(takesKit: boolean): boolean {
  const id = useId();
  const writer = useContext(KitWriterContext);
  if (!takesKit) return false;
  // Rendered outside a scope (a component on its own): the kit goes beside the island.
  if (!writer) return true;
  writer.id ??= id;
  return writer.id === id;
}

/** JSON that is safe inside <script>: no '</script>', '<!--' or line separators break out. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function InlineScript<T>({
  run,
  args,
}: {
  run: (args: T, kit: IslandKit) => void;
  args: T;
}) {
  const nonce = useNonce();
  const takesKit = run.length > 1;
  const writesKit = useWritesKit(takesKit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount, like the inline script
  useEffect(() => run(args, islandKit()), []);
  const kit = writesKit
    ? `, ${KIT_GLOBAL} = (${islandKit.toString()})()`
    : takesKit
      ? `, ${KIT_GLOBAL}`
      : "";
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function, with JSON-encoded arguments
      dangerouslySetInnerHTML={{ __html: `(${run.toString()})(${scriptJson(args)}${kit});` }}
    />
  );
}
