// Grooming services of /servicos (SPEC §2.2, §3). Prices are never shown: the quote is
// given after the team sees the pet's photos.
import { TIPO_SERVICO_LABEL, type TipoServico } from "~/domain/statuses";

export interface GroomingService {
  id: TipoServico;
  name: string;
  description: string;
  features: readonly string[];
  badge?: string;
}

export const groomingServices: readonly GroomingService[] = [
  {
    id: "plano_banho",
    name: TIPO_SERVICO_LABEL.plano_banho,
    description:
      "O cuidado completo do mês em um só plano: seu pet limpinho, cheiroso e saudável o mês inteiro, com economia para você.",
    features: [
      "4 banhos fitoterápicos",
      "1 tosa higiênica",
      "1 hidratação",
      "Escovação dental",
      "Corte de unhas",
      "Limpeza de ouvidos",
    ],
    badge: "Plano Mais Procurado",
  },
  {
    id: "banho_fitoterapico",
    name: TIPO_SERVICO_LABEL.banho_fitoterapico,
    description:
      "Banho com produtos à base de ervas e extratos naturais, suave para a pele e ideal para pets sensíveis ou com alergias.",
    features: [
      "Shampoo e condicionador naturais",
      "Secagem cuidadosa e sem estresse",
      "Escovação dos pelos",
      "Corte de unhas",
      "Limpeza de ouvidos",
    ],
  },
  {
    id: "banho_tosa",
    name: TIPO_SERVICO_LABEL.banho_tosa,
    description:
      "Banho completo com tosa higiênica nas áreas íntimas, patas e rostinho, para mais conforto e higiene no dia a dia.",
    features: [
      "Banho completo",
      "Tosa higiênica (patas, barriga e região íntima)",
      "Acabamento no rostinho",
      "Corte de unhas",
      "Limpeza de ouvidos",
    ],
  },
];

export const groomingBenefits = [
  {
    title: "Profissionais carinhosos",
    text: "Equipe treinada para lidar com pets ansiosos, idosos e filhotes com paciência e respeito.",
  },
  {
    title: "Produtos de qualidade",
    text: "Shampoos e condicionadores de marcas confiáveis, com opções fitoterápicas e hipoalergênicas.",
  },
  {
    title: "Preço claro",
    text: "Clientes veem o preço pelo porte ao agendar online; na primeira visita ou no porte GG, você envia fotos e recebe um orçamento justo.",
  },
  {
    title: "Leva e traz",
    text: "Buscamos e levamos seu pet em casa na região, para você não precisar sair da rotina.",
  },
] as const;
