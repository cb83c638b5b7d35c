import { describe, expect, it } from "vitest";
import { shop } from "~/content/shop";
import { seoTags } from "~/domain/seo";
import { petStoreJsonLd } from "~/domain/structured-data";
import { structuredDataUnit } from "~/modules/shop";
import { MIGRATED_UNITS } from "../support/units";

describe("SEO tags", () => {
  const tags = seoTags({
    title: "FAQ | Loja",
    description: "Dúvidas",
    path: "/faq",
    origin: "https://loja.example",
    siteName: "Loja",
  });

  it.each<Record<string, string>>([
    { title: "FAQ | Loja" },
    { name: "description", content: "Dúvidas" },
    { tagName: "link", rel: "canonical", href: "https://loja.example/faq" },
    { property: "og:url", content: "https://loja.example/faq" },
    { property: "og:title", content: "FAQ | Loja" },
  ])("carries title, description, canonical and Open Graph: %o", (tag) => {
    expect(tags).toContainEqual(tag);
  });

  it("describes the shop as a PetStore with its open units, hours and phone", () => {
    const ld = petStoreJsonLd(
      shop,
      "https://loja.example",
      "47999990416",
      MIGRATED_UNITS.map(structuredDataUnit),
    );
    expect(ld["@type"]).toBe("PetStore");
    expect(ld.telephone).toBe("+5547999990416");
    // The unit still to open ('Em breve') is not listed with opening hours.
    expect(MIGRATED_UNITS.some((unit) => unit.emBreve)).toBe(true);
    expect(ld.department.map((d) => d.address.streetAddress)).toEqual(["Rua 416"]);
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "09:00", closes: "20:00" }),
      expect.objectContaining({ opens: "09:00", closes: "18:00" }),
    ]);
  });
});
