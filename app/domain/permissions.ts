// The shop's team: the roles a person may hold and what each may do (issue 41, decision 0066).
// The one place the permission matrix is written: the server checks it in every admin loader,
// action and resource route, the admin shell hides what a person may not use, the team screen
// and docs/permissoes.md show it.
import { defineVocabulary } from "./vocabulary";

/** Each role with its name and what it may do, in the team screen's words. */
const papel = defineVocabulary({
  dono: {
    label: "Dono",
    descricao:
      "Tudo, inclusive equipe, segurança, credenciais de pagamento, servidor de e-mail, privacidade, textos legais e configurações.",
  },
  gerente: {
    label: "Gerente",
    descricao:
      "Tudo das suas unidades: pedidos, retirada, estoque, produtos, cupons, importação, agenda de banho e tosa e sua configuração, relatórios e exportações.",
  },
  atendente: {
    label: "Atendente",
    descricao:
      "Pedidos das suas unidades (status, retirada com código, impressão, cancelamento), estoque para consulta, transferências recebidas, contagens (ler códigos), agenda e encaixes.",
  },
  tosador: {
    label: "Tosador",
    descricao:
      "A agenda de banho e tosa das suas unidades, as fichas do dia e o pagamento na entrega do pet.",
  },
});
export const { values: PAPEIS, label: PAPEL_LABEL } = papel;
export type Papel = (typeof PAPEIS)[number];
export const PAPEL_DESCRICAO: Record<Papel, string> = papel.column("descricao");

/**
 * Every capability, named by area and verb, with the words the team screen shows. A route or
 * intent declares one of these; a new capability is added here and given to roles below.
 */
export const CAPACIDADES = {
  "painel.entrar": "Entrar no painel e na própria conta",
  "pedidos.ver": "Ver pedidos e buscar o pedido de um cliente",
  "pedidos.operar": "Mudar status, retirada com código, imprimir, cancelar com motivo",
  "pedidos.reembolsar": "Reembolsar pagamentos",
  "pedidos.exportar": "Exportar pedidos (CSV/planilha)",
  "produtos.editar": "Produtos, variações, preços, sinônimos da busca",
  "catalogo.importar": "Importar e exportar o catálogo",
  "cupons.editar": "Cupons de desconto",
  "entrega.editar": "Bairros e taxas de entrega",
  "estoque.ver": "Ver o estoque e seu histórico",
  "estoque.ajustar": "Ajustar estoque e estoque mínimo",
  "estoque.transferir": "Transferir estoque entre unidades",
  "estoque.receber": "Receber transferências",
  "estoque.contar": "Contar estoque: ler códigos numa contagem aberta (sem ver o esperado)",
  "agenda.ver": "Ver a agenda de banho e tosa e imprimir as fichas do dia",
  "agenda.operar": "Check-in, início, pronto, entregue, falta e observações do pet",
  "agenda.agendar": "Agendar, encaixar e atribuir tosador",
  "agenda.receber": "Registrar o pagamento do banho e tosa na entrega do pet",
  "servicos.configurar": "Serviços, agendas das unidades e datas fechadas",
  "orcamentos.atender": "Pedidos de orçamento de banho e tosa",
  "curriculos.ver": "Currículos recebidos",
  "relatorios.ver": "Relatórios e totais de vendas",
  "assinaturas.gerir": "Compras programadas: previsão de compras, lista e descontos",
  "unidades.editar": "Unidades (endereço, horários, retirada)",
  "loja.configurar": "Configurações da loja e credenciais de pagamento (Pix, Mercado Pago)",
  "site.configurar": "Configurações do site e servidor de e-mail",
  "emails.ver": "E-mails enviados",
  "privacidade.gerenciar": "Textos legais, retenção, exportar e anonimizar dados pessoais",
  "seguranca.gerenciar": "Segurança, bloqueios e limpeza do registro de auditoria",
  "rotinas.ver": "Rotinas automáticas",
  "equipe.gerenciar": "Equipe: convidar, papéis, unidades, desativar",
} as const;

export type Capacidade = keyof typeof CAPACIDADES;
export const TODAS_CAPACIDADES = Object.keys(CAPACIDADES) as Capacidade[];

/** The counter's work at a person's units: orders, the stock they receive or count, the agenda. */
const ATENDENTE: readonly Capacidade[] = [
  "painel.entrar",
  "pedidos.ver",
  "pedidos.operar",
  "estoque.ver",
  "estoque.receber",
  "estoque.contar",
  "agenda.ver",
  "agenda.operar",
  "agenda.agendar",
  "agenda.receber",
  "orcamentos.atender",
];

/** A manager does the counter's work and runs their units' shop. */
const GERENTE: readonly Capacidade[] = [
  ...ATENDENTE,
  "pedidos.reembolsar",
  "pedidos.exportar",
  "produtos.editar",
  "catalogo.importar",
  "cupons.editar",
  "entrega.editar",
  "estoque.ajustar",
  "estoque.transferir",
  "servicos.configurar",
  "curriculos.ver",
  "relatorios.ver",
  "assinaturas.gerir",
];

/** The matrix: what each role may do. */
export const MATRIZ: Record<Papel, ReadonlySet<Capacidade>> = {
  dono: new Set(TODAS_CAPACIDADES),
  gerente: new Set(GERENTE),
  atendente: new Set(ATENDENTE),
  // A groomer hands the pet back at a small shop, and takes its payment then (decision 0078).
  tosador: new Set<Capacidade>(["painel.entrar", "agenda.ver", "agenda.operar", "agenda.receber"]),
};

export function pode(papel: Papel | null | undefined, capacidade: Capacidade): boolean {
  return papel != null && MATRIZ[papel].has(capacidade);
}

/** Whether the role may do any one of `capacidades` (a screen of several areas). */
export function podeAlguma(
  papel: Papel | null | undefined,
  capacidades: Capacidade | readonly Capacidade[],
): boolean {
  const list: readonly Capacidade[] = typeof capacidades === "string" ? [capacidades] : capacidades;
  return list.some((c) => pode(papel, c));
}

/**
 * What every admin route module declares as its `handle`: the capability its loader requires
 * (any one of a list, for a screen of several areas). The authorization matrix test reads it
 * from each admin route of app/routes.ts and fails a route without one (decision 0068).
 */
export interface AdminHandle {
  capability: Capacidade | readonly Capacidade[];
}

export function isPapel(value: unknown): value is Papel {
  return typeof value === "string" && (PAPEIS as readonly string[]).includes(value);
}

/**
 * Where a person starts in the panel (after sign-in, and at /admin/dashboard): the dashboard
 * for who follows orders, else the grooming agenda (a groomer's day), else their account.
 */
export function paginaInicial(papel: Papel | null | undefined): string {
  if (pode(papel, "pedidos.ver")) return "/admin/dashboard";
  if (pode(papel, "agenda.ver")) return "/admin/servicos/agenda";
  return "/admin/conta";
}

/** Roles that must use two-factor sign-in once the grace period after their invitation ends. */
export const PAPEIS_COM_2FA_OBRIGATORIO: readonly Papel[] = ["dono", "gerente"];
export const CARENCIA_2FA_DIAS = 7;

/** The refusal of a request its person may not make (SPEC's wording, for every role). */
export const ACESSO_NEGADO = "Acesso negado. Você não tem permissões para esta área.";
