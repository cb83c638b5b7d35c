// Job openings of /trabalhe-conosco (SPEC §2.2): the values are the stored `vaga`.
import { VAGA_LABEL, type Vaga } from "~/domain/statuses";

export const jobs: readonly { value: Vaga; label: string; description: string }[] = [
  {
    value: "vendedor",
    label: VAGA_LABEL.vendedor,
    description: "Atendimento no balcão, orientação de tutores e produtores, reposição.",
  },
  {
    value: "banho-tosa",
    label: VAGA_LABEL["banho-tosa"],
    description: "Banho, secagem e tosa com carinho e segurança para os pets.",
  },
  {
    value: "caixa",
    label: VAGA_LABEL.caixa,
    description: "Recebimentos, Pix e cartões, fechamento de caixa e simpatia.",
  },
  {
    value: "auxiliar",
    label: VAGA_LABEL.auxiliar,
    description: "Estoque, entregas, organização da loja e apoio à equipe.",
  },
];
