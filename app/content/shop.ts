// The shop's identity, in one place: changing the name, phone or addresses means editing
// only this module. The chat number set by the admin in the settings overrides `phone`
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
  hours: [
    {
      days: "Segunda a Sexta",
      hours: "9h às 20h",
      opens: "09:00",
      closes: "20:00",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    },
    {
      days: "Sábado",
      hours: "9h às 18h",
      opens: "09:00",
      closes: "18:00",
      dayOfWeek: ["Saturday"],
    },
    { days: "Domingo", hours: "Fechado", opens: null, closes: null, dayOfWeek: ["Sunday"] },
  ],
  units: [
    {
      id: "meia-praia",
      name: "Unidade Meia Praia",
      street: "Rua 416",
      neighbourhood: "Meia Praia",
      city: "Itapema",
      state: "SC",
      postalCode: "88220-000",
      comingSoon: false,
      mapsUrl:
        "https://www.google.com/maps/search/?api=1&query=Rua+416%2C+Meia+Praia%2C+Itapema+SC",
      services: ["Loja completa", "Rações e acessórios", "Produtos agropecuários"],
    },
    {
      id: "rua-406",
      name: "Nova Unidade",
      street: "Rua 406 esquina com 408",
      neighbourhood: "Meia Praia",
      city: "Itapema",
      state: "SC",
      postalCode: "88220-000",
      comingSoon: true,
      mapsUrl:
        "https://www.google.com/maps/search/?api=1&query=Rua+406+esquina+com+408%2C+Meia+Praia%2C+Itapema+SC",
      services: ["Loja", "Banho & Tosa", "Pré-agendamento pelo WhatsApp"],
    },
  ],
} as const;

export type Shop = typeof shop;
