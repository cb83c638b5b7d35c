import { describe, expect, it } from "vitest";
import { whyChooseUs } from "~/content/about";
import { faqCategories, quickTips } from "~/content/faq";
import { computeTotals } from "~/modules/orders/totals";
import { freeDeliveryFrom, withShopFacts } from "~/modules/shop/facts";

const texts = [
  ...faqCategories.flatMap((c) => c.items.map((i) => i.answer)),
  ...quickTips.map((t) => t.text),
  ...whyChooseUs.map((w) => w.text),
];

describe("shop facts in the static content", () => {
  it("no content text hard-codes the free-delivery amount or a Pix discount", () => {
    for (const text of texts) {
      expect(text).not.toMatch(/R\$\s?\d/);
      expect(text).not.toMatch(/acima de/);
    }
  });

  it("fills the free-delivery minimum from the setting, worded as the '>=' rule", () => {
    const facts = { freteGratisMinimo: 5000, pixDescontoPercentual: 0 };
    const filled = texts.map((t) => withShopFacts(t, facts)).join("\n");
    expect(filled).toContain("compras a partir de R$ 50,00");
    expect(filled).not.toContain("{");
    expect(freeDeliveryFrom(4000)).toBe("a partir de R$ 40,00");
    // The wording matches the rule: exactly the minimum is free.
    const rules = { taxaEntregaPadrao: 700, freteGratisMinimo: 5000 };
    expect(computeTotals([{ preco: 5000, quantidade: 1 }], null, null, rules).taxaEntrega).toBe(0);
  });

  it("promises a Pix discount only when the setting gives one, with its percentage", () => {
    const none = texts.map((t) =>
      withShopFacts(t, { freteGratisMinimo: 4000, pixDescontoPercentual: 0 }),
    );
    expect(none.join("\n")).not.toMatch(/Sim! .*Pix/);
    expect(none.join("\n")).not.toMatch(/ganhe .*desconto/);
    const five = texts.map((t) =>
      withShopFacts(t, { freteGratisMinimo: 4000, pixDescontoPercentual: 5 }),
    );
    expect(five.join("\n")).toContain("5% de desconto nos produtos");
  });
});
