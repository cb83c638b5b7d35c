// Values the public forms accept, shared by the unit tests of their schemas and the
// integration tests that post them (pure data: no server part is imported).

/** The fields a grooming quote cannot go without, no date asked. */
export const GROOMING_QUOTE_MINIMAL = {
  tipo_servico: "banho_tosa",
  nome_tutor: "Ana Souza",
  whatsapp: "(47) 98888-1234",
  nome_pet: "Thor",
  raca_porte: "Golden, grande",
};
