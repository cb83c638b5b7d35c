// Job openings of /trabalhe-conosco (SPEC §2.2): the values are the stored `vaga`.
/** The same values as VAGAS of the database schema (a unit test keeps them equal). */
export const VAGA_VALUES = ["vendedor", "banho-tosa", "caixa", "auxiliar"] as const;
export type Vaga = (typeof VAGA_VALUES)[number];

export const jobs: readonly { value: Vaga; label: string; description: string }[] = [
  {
    value: "vendedor",
    label: "Vendedor(a)",
    description: "Atendimento no balcão, orientação de tutores e produtores, reposição.",
  },
  {
    value: "banho-tosa",
    label: "Banhista / Tosador(a)",
    description: "Banho, secagem e tosa com carinho e segurança para os pets.",
  },
  {
    value: "caixa",
    label: "Operador(a) de Caixa",
    description: "Recebimentos, Pix e cartões, fechamento de caixa e simpatia.",
  },
  {
    value: "auxiliar",
    label: "Auxiliar Geral",
    description: "Estoque, entregas, organização da loja e apoio à equipe.",
  },
];

export const JOB_LABELS: Record<Vaga, string> = Object.fromEntries(
  jobs.map((j) => [j.value, j.label]),
) as Record<Vaga, string>;
