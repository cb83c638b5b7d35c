// Home and Sobre copy (SPEC §2.2): why choose us, product areas, story, mission, values.
import { shop } from "~/content/shop";

export const whyChooseUs = [
  {
    title: "Atendimento de vizinho",
    text: "A gente conhece os tutores pelo nome e os pets pelo apelido. Aqui você é bem recebido e bem orientado.",
    icon: "heart",
  },
  {
    title: "Entrega grátis",
    text: "Compras {freteGratis} são entregues de graça nos bairros atendidos da região litorânea, rapidinho e com cuidado.",
    icon: "truck",
  },
  {
    title: "Qualidade garantida",
    text: "Só trabalhamos com marcas confiáveis e conferimos a validade de tudo. Produto sem uso tem troca em até 30 dias.",
    icon: "shield",
  },
  {
    title: `${shop.satisfiedCustomers} clientes satisfeitos`,
    text: "Famílias, criadores e produtores de Itapema e região confiam na gente para cuidar de quem elas amam.",
    icon: "users",
  },
] as const;

export const productAreas = [
  {
    title: "Cães",
    text: "Rações, petiscos, brinquedos, camas e coleiras para todas as raças e idades.",
    icon: "dog",
  },
  {
    title: "Gatos",
    text: "Areias, arranhadores, sachês e tudo para o conforto do seu felino.",
    icon: "cat",
  },
  {
    title: "Aves",
    text: "Sementes, gaiolas, poleiros e suplementos para seus passarinhos.",
    icon: "bird",
  },
  {
    title: "Peixes",
    text: "Aquários, filtros, alimentos e acessórios para o seu aquário.",
    icon: "fish",
  },
  {
    title: "Agropecuária",
    text: "Ferramentas, sementes, adubos e produtos para sítio, horta e criação.",
    icon: "tractor",
  },
  {
    title: "Banho & Tosa",
    text: "Banho fitoterápico, tosa higiênica e planos mensais com leva e traz.",
    icon: "bath",
  },
] as const;

export const story = [
  `A ${shop.name} nasceu do encontro de duas paixões: os animais e a vida no campo. O nome junta o "agro" das raízes da família, que sempre cuidou de bichos e de plantações, com o "litoral" de Itapema, a cidade que escolhemos para crescer.`,
  "Começamos como uma pequena loja de bairro em Meia Praia, vendendo ração e ferramentas para os vizinhos. Com o tempo vieram os brinquedos, os acessórios, o aquarismo, os produtos para aves e, agora, o banho e tosa.",
  "Hoje atendemos mais de 3 mil clientes satisfeitos, mas o jeito continua o mesmo: atendimento de perto, conselho sincero e carinho com cada pet que passa pela nossa porta. E uma nova unidade está chegando em breve.",
];

export const mission =
  "Cuidar da saúde e da felicidade dos pets e apoiar quem vive do campo, com produtos de qualidade, orientação honesta e um atendimento que faz cada cliente se sentir em casa.";

export const values = [
  {
    title: "Amor pelos animais",
    text: "Tudo o que fazemos começa pelo bem-estar dos pets e dos animais de criação.",
    icon: "heart",
  },
  {
    title: "Honestidade",
    text: "Indicamos o que o seu pet realmente precisa, mesmo quando é o produto mais simples.",
    icon: "shield",
  },
  {
    title: "Qualidade",
    text: "Marcas confiáveis, validade conferida e armazenamento correto de cada produto.",
    icon: "award",
  },
  {
    title: "Comunidade",
    text: "Somos de Itapema e crescemos junto com os tutores, criadores e produtores da região.",
    icon: "users",
  },
] as const;
