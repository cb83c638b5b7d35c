// The islands of a page served without React: each one is an inline script, and the kit
// they share is written once per page, by the first island that takes it, whatever
// the number of such islands (the cart page has two).
import vm from "node:vm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InlineScript, IslandKitScope } from "~/islands/inline-script";
import type { IslandKit } from "~/islands/kit";
import { islandKit } from "~/islands/kit";
import { NonceContext } from "~/lib/nonce";

type Page = { seen: string[] };

function header(options: { n: number }, kit: IslandKit) {
  (window as unknown as Page).seen.push(`cabeçalho ${kit.brl(options.n)}`);
}
function cart(options: { n: number }, kit: IslandKit) {
  (window as unknown as Page).seen.push(`carrinho ${kit.brl(options.n)}`);
}
function plain(options: { n: number }) {
  (window as unknown as Page).seen.push(`sem kit ${options.n}`);
}

function scripts(html: string) {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1]!,
    text: m[2]!,
  }));
}

/** Runs the page's inline scripts in order, as the browser does while parsing. */
function runInPage(html: string): string[] {
  const page = { seen: [] as string[] } as Page & { window?: unknown };
  page.window = page;
  const context = vm.createContext(page);
  for (const { text } of scripts(html)) vm.runInContext(text, context);
  return page.seen;
}

describe("InlineScript", () => {
  it("writes the kit once, in the first of the page's islands that take it", () => {
    const html = renderToStaticMarkup(
      <NonceContext.Provider value="abc">
        <IslandKitScope>
          <main>
            <InlineScript run={cart} args={{ n: 1990 }} />
            <InlineScript run={plain} args={{ n: 3 }} />
          </main>
          <InlineScript run={header} args={{ n: 100 }} />
        </IslandKitScope>
      </NonceContext.Provider>,
    );
    const found = scripts(html);
    const kit = islandKit.toString();
    expect(found.filter((s) => s.text.includes(kit))).toHaveLength(1);
    expect(found[0]!.text).toContain(kit);
    // Every inline script carries the response's nonce (pages that are not shared).
    for (const s of found) expect(s.attrs).toContain('nonce="abc"');
    expect(runInPage(html)).toEqual(["carrinho R$ 19,90", "sem kit 3", "cabeçalho R$ 1,00"]);
  });

  it("writes no kit for a page whose islands do not take it", () => {
    const html = renderToStaticMarkup(
      <IslandKitScope>
        <InlineScript run={plain} args={{ n: 1 }} />
      </IslandKitScope>,
    );
    expect(scripts(html)).toHaveLength(1);
    expect(html).not.toContain(islandKit.toString());
    expect(runInPage(html)).toEqual(["sem kit 1"]);
  });

  it("outside a scope, writes the kit beside each island that takes it", () => {
    const html = renderToStaticMarkup(
      <>
        <InlineScript run={cart} args={{ n: 1 }} />
        <InlineScript run={header} args={{ n: 2 }} />
      </>,
    );
    expect(scripts(html).filter((s) => s.text.includes(islandKit.toString()))).toHaveLength(2);
    expect(runInPage(html)).toEqual(["carrinho R$ 0,01", "cabeçalho R$ 0,02"]);
  });
});
