// JSON-LD of the home page: a PetStore with its open units, opening hours and phone. A unit
// that has not opened yet is left out: search engines would show its hours as if it were open.
// The units are the shop's data (decision 0027): the caller passes them in, hours included.
import type { Shop } from "~/content/shop";
import { absoluteUrl } from "~/domain/seo";

export interface OpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  /** schema.org day URLs, Monday first. */
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** What the structured data says of a unit. */
export interface StructuredDataUnit {
  nome: string;
  endereco: string;
  cidade: string;
  uf: string;
  cep: string | null;
  telefone: string | null;
  mapsUrl: string | null;
  emBreve: boolean;
  openingHours: OpeningHoursSpecification[];
}

/** "+5547999990416" from a Brazilian phone, with or without 55. */
function internationalPhone(phone: string): string {
  return `+${phone.replace(/\D/g, "").replace(/^(?!55)/, "55")}`;
}

export function petStoreJsonLd(
  shop: Shop,
  origin: string,
  phone: string,
  units: readonly StructuredDataUnit[],
) {
  const telephone = internationalPhone(phone);
  const open = units.filter((unit) => !unit.emBreve);
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
    // The shop's hours are its first open unit's.
    openingHoursSpecification: open[0]?.openingHours ?? [],
    department: open.map((unit) => ({
      "@type": "PetStore",
      name: `${shop.name} – ${unit.nome}`,
      telephone: unit.telefone ? internationalPhone(unit.telefone) : telephone,
      address: {
        "@type": "PostalAddress",
        streetAddress: unit.endereco,
        addressLocality: unit.cidade,
        addressRegion: unit.uf,
        ...(unit.cep ? { postalCode: unit.cep } : {}),
        addressCountry: "BR",
      },
      ...(unit.mapsUrl ? { hasMap: unit.mapsUrl } : {}),
      openingHoursSpecification: unit.openingHours,
    })),
  };
}
