// The shop's identity, in one place: changing the name or phone means editing only this
// module. The units (addresses, hours, services) are data, edited in /admin/unidades
// (decision 0027). The chat number set by the admin in the settings overrides `phone`
// for chat links everywhere (see `chatNumber` in ~/domain/whatsapp).
export const shop = {
  name: "Agropet Litoral",
  legalName: "Agropet Litoral Comércio de Produtos Agropecuários Ltda.",
  slogan: "Tudo para o seu pet e para o seu campo, com carinho de vizinho",
  /** Shared store phone, area code 47 (digits only, no country code). */
  phone: "47999990416",
  phoneDisplay: "(47) 99999-0416",
  email: "contato@agropetlitoral.com.br",
  messenger: "WhatsApp",
  social: {
    name: "Instagram",
    handle: "@agropetlitoral",
    url: "https://www.instagram.com/agropetlitoral",
  },
  city: "Itapema",
  state: "SC",
  freeDeliveryNeighbourhood: "Meia Praia",
  satisfiedCustomers: "+3Mil",
} as const;

export type Shop = typeof shop;
