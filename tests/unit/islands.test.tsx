// The islands (decision 0020): the page writes each island's props as a JSON block and loads
// its module; the module reads the props back. The two halves agree on every island of the
// registry, the props survive the trip whatever their text, and the build's manifest gives
// each island its file and the chunks to preload.
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Island } from "~/islands/island";
import { islandPropsSelector, mountIsland } from "~/islands/mount";
import type { IslandName } from "~/islands/registry";
import { NonceContext } from "~/lib/nonce";
import { islandScriptsFrom } from "../../vite/islands";

const ISLANDS_DIR = path.resolve(import.meta.dirname, "../../app/islands");

/** The islands the registry types, as the compiler checks it: one per key. */
const REGISTRY: Record<IslandName, true> = {
  "account-link": true,
  "booking-photo-hint": true,
  "cart-clear": true,
  "cart-merge": true,
  "catalog-filter": true,
  "form-sender": true,
  "quote-dialog": true,
  "store-cart": true,
  "store-purchase": true,
  "store-suggest": true,
  "submit-on-change": true,
  "unit-hours": true,
};

/** The page's JSON blocks as the browser would find them: a tiny stand-in for the DOM. */
function pageOf(html: string) {
  const blocks = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => /type="application\/json"/.test(attributes!))
    .map(([, attributes, text]) => ({
      island: /data-island="([^"]+)"/.exec(attributes!)?.[1],
      textContent: text!,
      dataset: {} as Record<string, string>,
    }));
  return {
    querySelectorAll(selector: string) {
      const name = /data-island="([^"]+)"/.exec(selector)?.[1];
      return blocks.filter((b) => b.island === name);
    },
  } as unknown as ParentNode;
}

describe("islands", () => {
  it("every island of the registry has its entry module, and every entry is in the registry", () => {
    const entries = fs
      .readdirSync(ISLANDS_DIR)
      .filter((f) => f.endsWith(".island.ts"))
      .map((f) => f.replace(/\.island\.ts$/, ""))
      .sort();
    expect(entries).toEqual(Object.keys(REGISTRY).sort());
  });

  it("no entry imports React or a server module", () => {
    for (const file of fs.readdirSync(ISLANDS_DIR).filter((f) => /\.(ts|tsx)$/.test(f))) {
      if (file === "island.tsx" || file.endsWith(".d.ts")) continue;
      const code = fs.readFileSync(path.join(ISLANDS_DIR, file), "utf8");
      const imports = [...code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map(
        (m) => m[1]!,
      );
      for (const target of imports) {
        expect(target, file).not.toMatch(/^react|\.server$|^~\/(components|routes|platform)/);
      }
    }
  });

  it("writes the props and the module, with the nonce, and the module reads the props back", () => {
    const props = {
      formId: "x",
      endpoint: "/contato/enviar",
      sending: "Enviando...",
      failure: "Falhou </script><script>alert(1)</script> \u2028 <!-- ok",
      success: { title: "Mensagem enviada!" },
    };
    const html = renderToStaticMarkup(
      <NonceContext.Provider value="n0nce">
        <Island name="form-sender" props={props} />
      </NonceContext.Provider>,
    );
    // Development (and tests): the module is the source file, served by Vite.
    expect(html).toContain(
      '<script type="module" src="/app/islands/form-sender.island.ts" nonce="n0nce"></script>',
    );
    expect(html).toContain(
      '<script type="application/json" data-island="form-sender" nonce="n0nce">',
    );
    // Nothing in the props closes the block or starts a comment.
    const block = /data-island="form-sender"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain("<");
    expect(block).not.toContain("\u2028");

    const seen: unknown[] = [];
    const page = pageOf(html);
    mountIsland("form-sender", (p) => seen.push(p), page);
    expect(seen).toEqual([props]);
    // Once per block, even if the module ran again.
    mountIsland("form-sender", (p) => seen.push(p), page);
    expect(seen).toHaveLength(1);
    mountIsland("cart-clear", (p) => seen.push(p), page);
    expect(seen).toHaveLength(1);
  });

  it("a page kept for every visitor (no nonce) has no nonce attribute", () => {
    const html = renderToStaticMarkup(
      <Island name="submit-on-change" props={{ fieldId: "categoria" }} />,
    );
    expect(html).not.toContain("nonce");
    expect(islandPropsSelector("submit-on-change")).toBe(
      'script[type="application/json"][data-island="submit-on-change"]',
    );
  });

  it("the build's manifest gives each island its file and every chunk it imports", () => {
    const manifest = {
      "app/islands/store-cart.island.ts": {
        file: "assets/islands/store-cart-a1.js",
        isEntry: true,
        imports: ["_kit-b2.js", "_mount-c3.js"],
      },
      "app/islands/cart-clear.island.ts": {
        file: "assets/islands/cart-clear-d4.js",
        isEntry: true,
        imports: ["_mount-c3.js"],
      },
      "_kit-b2.js": { file: "assets/islands/kit-b2.js", imports: ["_mount-c3.js"] },
      "_mount-c3.js": { file: "assets/islands/mount-c3.js" },
    };
    expect(islandScriptsFrom(manifest, ["store-cart", "cart-clear"])).toEqual({
      "store-cart": {
        src: "/assets/islands/store-cart-a1.js",
        preload: ["/assets/islands/kit-b2.js", "/assets/islands/mount-c3.js"],
      },
      "cart-clear": {
        src: "/assets/islands/cart-clear-d4.js",
        preload: ["/assets/islands/mount-c3.js"],
      },
    });
    expect(() => islandScriptsFrom(manifest, ["quote-dialog"])).toThrow(/quote-dialog/);
  });
});
