// JSON-LD of the home page: a PetStore with its open units, opening hours and phone. A unit
// that has not opened yet is left out: search engines would show its hours as if it were open.
import type { Shop } from "~/content/shop";
import { absoluteUrl } from "~/domain/seo";

export function petStoreJsonLd(shop: Shop, origin: string, phone: string) {
  const openingHoursSpecification = shop.hours
    .filter((h) => h.opens && h.closes)
    .map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.dayOfWeek.map((d) => `https://schema.org/${d}`),
      opens: h.opens,
      closes: h.closes,
    }));
  const telephone = `+${phone.replace(/\D/g, "").replace(/^(?!55)/, "55")}`;
  return {
    "@context": "https://schema.org",
    "@type": "PetStore",
    name: shop.name,
    url: absoluteUrl(origin, "/"),
    telephone,
    email: shop.email,
    sameAs: [shop.social.url],
    slogan: shop.slogan,
    areaServed: `${shop.city}/${shop.state}`,
    openingHoursSpecification,
    department: shop.units
      .filter((unit) => !unit.comingSoon)
      .map((unit) => ({
        "@type": "PetStore",
        name: `${shop.name} – ${unit.name}`,
        telephone,
        address: {
          "@type": "PostalAddress",
          streetAddress: unit.street,
          addressLocality: unit.city,
          addressRegion: unit.state,
          postalCode: unit.postalCode,
          addressCountry: "BR",
        },
        hasMap: unit.mapsUrl,
        openingHoursSpecification,
      })),
  };
}
