// A small piece of behaviour for a page served without React (decision 0009): a typed,
// self-contained function, written into the page as an inline script and called with its
// arguments. When React renders the same page (a client navigation from a hydrated page),
// an effect calls the same function instead. The function must not use anything from its
// module scope: only its arguments and the DOM. An island that declares a second parameter
// gets the shared helpers (./kit.ts) there, written beside it.
import { useEffect } from "react";
import { useNonce } from "~/lib/nonce";
import { type IslandKit, islandKit } from "./kit";

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
  const withKit = run.length > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount, like the inline script
  useEffect(() => run(args, islandKit()), []);
  const kit = withKit ? `, (${islandKit.toString()})()` : "";
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function, with JSON-encoded arguments
      dangerouslySetInnerHTML={{ __html: `(${run.toString()})(${scriptJson(args)}${kit});` }}
    />
  );
}
