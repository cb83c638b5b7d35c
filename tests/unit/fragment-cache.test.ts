// The server's fragment cache: static markup rendered once per key, least recently used
// dropped first.
import { createElement } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductImage } from "~/components/loja/product-image";
import { fragmentCache } from "~/platform/fragment-cache.server";

describe("fragment cache", () => {
  it("renders a key once and gives the same markup back", () => {
    const cache = fragmentCache();
    let renders = 0;
    const card = (nome: string) => () => {
      renders += 1;
      return createElement("h2", { className: "nome" }, nome, " ", "R$ 10,00");
    };
    expect(cache.html("a", card("Ração"))).toBe('<h2 class="nome">Ração R$ 10,00</h2>');
    expect(cache.html("a", card("outra coisa"))).toBe('<h2 class="nome">Ração R$ 10,00</h2>');
    expect(renders).toBe(1);
    // A new key (the product changed) is a new rendering.
    expect(cache.html("b", card("Petisco"))).toBe('<h2 class="nome">Petisco R$ 10,00</h2>');
    expect(renders).toBe(2);
  });

  it("escapes what it renders, like any React markup", () => {
    const cache = fragmentCache();
    expect(cache.html("x", () => createElement("p", null, '<script>"x"</script>'))).toBe(
      "<p>&lt;script&gt;&quot;x&quot;&lt;/script&gt;</p>",
    );
  });

  it("gives its fragments a router, so their links render", () => {
    const cache = fragmentCache();
    expect(cache.html("l", () => createElement(Link, { to: "/loja/produto/1" }, "Ver"))).toBe(
      '<a href="/loja/produto/1" data-discover="true">Ver</a>',
    );
  });

  it("leaves out the preloads React puts ahead of the markup (the page asks for them)", () => {
    const cache = fragmentCache();
    const html = cache.html("p", () =>
      createElement(ProductImage, {
        src: "/uploads/a-400.webp",
        alt: "",
        sizes: "50vw",
        priority: true,
      }),
    );
    expect(html).toMatch(/^<img /);
    expect(html).toContain('fetchPriority="high"');
  });

  it("drops the least recently used key when full", () => {
    const cache = fragmentCache(2);
    let renders = 0;
    const render = () => {
      renders += 1;
      return createElement("i", null, String(renders));
    };
    cache.html("a", render);
    cache.html("b", render);
    cache.html("a", render); // a is now the most recent
    cache.html("c", render); // drops b
    expect(renders).toBe(3);
    cache.html("a", render);
    expect(renders).toBe(3);
    cache.html("b", render);
    expect(renders).toBe(4);
  });
});
