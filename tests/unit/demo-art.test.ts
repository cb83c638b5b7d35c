// The demo's drawings (issue 27, point 7): every demo product has one, it renders with sharp
// to the square the image pipeline stores, and what differs between variants (the weight on
// the bag, the size on the harness) and brands is drawn.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { aboutArt, heroArt, productArt, shade, sizeInName } from "~/startup/demo-art";
import { demoProducts, readDemoData } from "~/startup/demo-data.server";

const demo = readDemoData();

async function pixels(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe("demo product pictures", () => {
  it("every demo product has a drawing, and no drawing is left without its product", async () => {
    const codes = (await demoProducts()).map((p) => p.skuProduto ?? p.sku);
    expect(Object.keys(demo.ilustracoes).sort()).toEqual([...codes].sort());
  });

  it("renders to an 800 px square; the brand and the size are drawn, so two packs differ", async () => {
    const spec = { tipo: "racao" as const, cor: "#7c3aed", pet: "cao" as const, marca: "Quatree" };
    const small = productArt({ ...spec, tamanho: "1 kg" }, "#f59e0b");
    const large = productArt({ ...spec, tamanho: "15 kg" }, "#f59e0b");
    expect(small).toContain(">Quatree</text>");
    expect(large).toContain(">15 kg</text>");
    const a = await pixels(small);
    const b = await pixels(large);
    expect([a.info.width, a.info.height]).toEqual([800, 800]);
    expect(a.data.equals(b.data)).toBe(false);
  });

  it("every kind of drawing renders", async () => {
    for (const [code, spec] of Object.entries(demo.ilustracoes)) {
      const { info } = await pixels(
        productArt({ ...spec, marca: code, tamanho: "M" }, "#16a34a", 200),
      );
      expect(info.width, code).toBe(200);
    }
  });

  it("a brand with markup characters is text, not markup", () => {
    const svg = productArt({ tipo: "frasco", cor: "#06b6d4", marca: `A&B <"Pet">` }, "#06b6d4");
    expect(svg).toContain("A&#38;B &#60;&#34;Pet&#34;&#62;");
    expect(svg).not.toContain('<"Pet">');
  });

  it("reads the size a name gives", () => {
    expect(sizeInName("Ração Golden Special Cães Adultos Frango e Carne 15 kg")).toBe("15 kg");
    expect(sizeInName("Ração Premier Gatos Castrados Salmão 1,5 kg")).toBe("1,5 kg");
    expect(sizeInName("Shampoo Neutro Sanol Dog 500 ml")).toBe("500 ml");
    expect(sizeInName("Filtro Externo Hang-On Sarlo Better Mini 100 L/h")).toBeNull();
    expect(sizeInName("Varinha com Penas e Guizo para Gatos")).toBeNull();
  });

  it("shades a colour towards black or white", () => {
    expect(shade("#808080", -0.5)).toBe("#404040");
    expect(shade("#000000", 1)).toBe("#ffffff");
  });
});

describe("the site's scenes", () => {
  it("the hero and 'Sobre' render at 3:2 with the shop's name", async () => {
    for (const svg of [heroArt("Loja & Cia", 600), aboutArt("Loja & Cia", 600)]) {
      expect(svg).toContain("Loja &#38; Cia");
      const { info } = await pixels(svg);
      expect([info.width, info.height]).toEqual([600, 400]);
    }
  });
});
