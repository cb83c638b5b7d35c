// Who sells in the demo shop (footer and legal pages, Decreto 7.962/2013): a plausible company
// whose CNPJ's check digits are right, and a made-up person in charge of data. The admin
// flags these values until they are changed (decision 0057).
export const DEMO_COMPANY = {
  razaoSocial: "Agropet Litoral Comércio de Produtos Agropecuários Ltda.",
  cnpj: "27.865.431/0001-77",
  emailContato: "contato@agropetlitoral.com.br",
  encarregadoNome: "Mariana Souza",
  encarregadoEmail: "privacidade@agropetlitoral.com.br",
} as const;

/** The company fields that still hold the demo's made-up values. */
export function demoCompanyFields(
  settings: {
    [K in keyof typeof DEMO_COMPANY]: string | null;
  },
): (keyof typeof DEMO_COMPANY)[] {
  return (Object.keys(DEMO_COMPANY) as (keyof typeof DEMO_COMPANY)[]).filter(
    (key) => settings[key]?.trim() === DEMO_COMPANY[key],
  );
}
