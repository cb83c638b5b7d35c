// FAQ of /faq (SPEC §2.2, §3): five categories with 3/4/3/4/3 questions, answers written
// from the facts of SPEC §1 and §9 and the shop identity. The answers about the units and
// their hours are copy, written for today's units: the pages that show the units read them
// from the database (decision 0027), this text is edited here.
import { shop } from "~/content/shop";

export interface FaqCategory {
  id: string;
  title: string;
  icon: "credit-card" | "package" | "pill" | "bath" | "map-pin";
  items: readonly { question: string; answer: string }[];
}

export const faqCategories: readonly FaqCategory[] = [
  {
    id: "pagamentos",
    title: "Pagamentos e Preços",
    icon: "credit-card",
    items: [
      {
        question: "Quais formas de pagamento vocês aceitam?",
        answer:
          "Aceitamos dinheiro, cartão de débito, cartão de crédito (Visa, Mastercard e Elo) e Pix. No crédito, o parcelamento segue as condições do emissor do seu cartão.",
      },
      {
        question: "Tem desconto para pagamento no Pix?",
        answer: "{respostaPix}",
      },
      {
        question: "A entrega é grátis?",
        answer:
          "A entrega é grátis para compras {freteGratis} nos bairros atendidos da região litorânea. Para outras localidades, combine a entrega com a gente pelo WhatsApp.",
      },
    ],
  },
  {
    id: "produtos",
    title: "Produtos e Qualidade",
    icon: "package",
    items: [
      {
        question: "Quais produtos vocês vendem?",
        answer:
          "Rações, petiscos, brinquedos, itens de higiene, acessórios, aquarismo, produtos para aves, medicamentos veterinários e ferramentas agropecuárias. Veja as categorias na página Produtos ou compre pela nossa loja online.",
      },
      {
        question: "Posso trocar um produto?",
        answer:
          "Pode sim. Produtos sem uso podem ser trocados em até 30 dias, na embalagem original. Traga o produto à loja ou fale com a gente pelo WhatsApp.",
      },
      {
        question: "Vocês trabalham com marcas confiáveis?",
        answer:
          "Trabalhamos apenas com fornecedores e marcas de confiança, conferimos a validade de tudo o que chega e armazenamos as rações longe do calor e da umidade.",
      },
      {
        question: "Não encontrei o que procuro. Vocês conseguem encomendar?",
        answer:
          "Na maioria dos casos, sim. Mande o nome do produto pelo WhatsApp que verificamos a disponibilidade e o prazo com nossos fornecedores.",
      },
    ],
  },
  {
    id: "medicamentos",
    title: "Medicamentos Veterinários",
    icon: "pill",
    items: [
      {
        question: "Preciso de receita para comprar medicamentos?",
        answer:
          "Medicamentos controlados só são vendidos com receita do médico-veterinário. Antipulgas, vermífugos e vitaminas de venda livre podem ser comprados sem receita, com a orientação da nossa equipe.",
      },
      {
        question: "Vocês indicam o remédio certo para o meu pet?",
        answer:
          "Orientamos sobre o uso dos produtos, mas não substituímos o veterinário. Para diagnóstico e tratamento, consulte sempre um profissional.",
      },
      {
        question: "O que fazer numa emergência?",
        answer:
          "Em caso de emergência, procure imediatamente um médico-veterinário ou uma clínica de plantão. Não medique o seu pet por conta própria.",
      },
    ],
  },
  {
    id: "banho-tosa",
    title: "Banho e Tosa",
    icon: "bath",
    items: [
      {
        question: "Quanto custa o banho e tosa?",
        answer:
          "O valor depende do porte, da pelagem e do estado do pelo. Por isso o orçamento é feito depois que analisamos as fotos do seu pet: peça o seu na página Banho & Tosa.",
      },
      {
        question: "Por que preciso enviar fotos do meu pet?",
        answer:
          "As fotos (de 1 a 3) mostram o tamanho e a pelagem do pet e nos ajudam a passar um orçamento justo, sem surpresas na hora do serviço.",
      },
      {
        question: "Vocês buscam o pet em casa?",
        answer:
          "Sim, temos o serviço de leva e traz na região. Marque a opção no pedido de orçamento e informe o endereço.",
      },
      {
        question: "Onde é feito o banho e tosa?",
        answer:
          "O banho e tosa será feito na Nova Unidade, na Rua 406 esquina com 408, que está chegando em breve. Você já pode fazer o pré-agendamento pelo WhatsApp.",
      },
    ],
  },
  {
    id: "unidades",
    title: "Unidades e Localização",
    icon: "map-pin",
    items: [
      {
        question: "Onde fica a loja?",
        answer:
          "Nossa loja fica na Rua 416, Meia Praia, Itapema/SC. Na página Contato você encontra o link para abrir no mapa.",
      },
      {
        question: "Vocês vão abrir uma nova unidade?",
        answer:
          "Sim! A Nova Unidade fica na Rua 406 esquina com 408 e chega em breve, com loja e banho e tosa. O pré-agendamento já pode ser feito pelo WhatsApp.",
      },
      {
        question: "Qual o horário de funcionamento?",
        answer:
          "De segunda a sexta, das 9h às 20h; aos sábados, das 9h às 18h. Aos domingos a loja fica fechada.",
      },
    ],
  },
];

/** 'Dicas Rápidas da Equipe' (SPEC §2.2): four tips. */
export const quickTips: readonly {
  title: string;
  text: string;
  icon: "paw" | "siren" | "piggy" | "at";
}[] = [
  {
    title: "Tutor de primeira viagem?",
    text: "Venha conversar com a gente: montamos juntos o enxoval do seu novo pet, da ração à caminha.",
    icon: "paw",
  },
  {
    title: "Emergências",
    text: "Em caso de emergência, procure um veterinário de plantão imediatamente. Tenha o contato de uma clínica sempre à mão.",
    icon: "siren",
  },
  {
    title: "Economize",
    text: "{dicaPix} Tem mais de um pet? Pergunte pelo pacote para vários pets no banho.",
    icon: "piggy",
  },
  {
    title: `Siga a gente no ${shop.social.name}`,
    text: `Novidades, promoções e dicas de cuidados toda semana no ${shop.social.handle}.`,
    icon: "at",
  },
];
