// The shop's vocabulary (SPEC §4): every status, payment method, delivery window, service,
// job opening and coupon type, with its pt-BR label and, for statuses, one semantic tone. The database
// schema takes its values from here; zod schemas only validate against them; every screen
// (admin and customer) shows a status through StatusBadge with this label and tone.

/** What a status's colour means; components/ui/status-badge.tsx maps it to colours. */
export type Tone = "info" | "warning" | "success" | "danger" | "progress" | "neutral";

type Vocabulary<V extends string> = Record<V, string>;
type Tones<V extends string> = Record<V, Tone>;

// --- Orders ---
export const STATUS_PEDIDO = [
  "novo",
  "preparo",
  "saiu_entrega",
  "pronto_retirada",
  "entregue",
  "retirado",
  "cancelado",
] as const;
export type StatusPedido = (typeof STATUS_PEDIDO)[number];
export const STATUS_PEDIDO_LABEL: Vocabulary<StatusPedido> = {
  novo: "Novo",
  preparo: "Em Preparo",
  saiu_entrega: "Saiu para Entrega",
  pronto_retirada: "Pronto para retirada",
  entregue: "Entregue",
  retirado: "Retirado",
  cancelado: "Cancelado",
};
const STATUS_PEDIDO_TONE: Tones<StatusPedido> = {
  novo: "info",
  preparo: "warning",
  saiu_entrega: "progress",
  pronto_retirada: "progress",
  entregue: "success",
  retirado: "success",
  cancelado: "danger",
};

export const STATUS_PAGAMENTO = ["aguardando", "pago", "falhou", "reembolsado"] as const;
export type StatusPagamento = (typeof STATUS_PAGAMENTO)[number];
export const STATUS_PAGAMENTO_LABEL: Vocabulary<StatusPagamento> = {
  aguardando: "Aguardando",
  pago: "Pago",
  falhou: "Falhou",
  reembolsado: "Reembolsado",
};
const STATUS_PAGAMENTO_TONE: Tones<StatusPagamento> = {
  aguardando: "warning",
  pago: "success",
  falhou: "danger",
  reembolsado: "info",
};

export const FORMAS_PAGAMENTO = [
  "pix",
  "pix_mercadopago",
  "cartao",
  "dinheiro",
  "cartao_entrega",
  "balcao",
] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const FORMA_PAGAMENTO_LABEL: Vocabulary<FormaPagamento> = {
  pix: "PIX Manual",
  pix_mercadopago: "PIX Mercado Pago",
  cartao: "Cartão",
  dinheiro: "Dinheiro",
  cartao_entrega: "Cartão na entrega",
  balcao: "Pagar na retirada",
};

/**
 * The payment as the customer reads it (order page, messages): "manual" and the provider's
 * name are the shop's words, not the customer's (the admin keeps FORMA_PAGAMENTO_LABEL).
 */
export const FORMA_PAGAMENTO_CLIENTE: Vocabulary<FormaPagamento> = {
  pix: "Pix",
  pix_mercadopago: "Pix",
  cartao: "Cartão",
  dinheiro: "Dinheiro na entrega",
  cartao_entrega: "Cartão na entrega",
  balcao: "Pagar na retirada",
};

/** Receive at home or pick up at a unit. */
export const MODOS_PEDIDO = ["entrega", "retirada"] as const;
export type ModoPedido = (typeof MODOS_PEDIDO)[number];
export const MODO_PEDIDO_LABEL: Vocabulary<ModoPedido> = {
  entrega: "Receber em casa",
  retirada: "Retirar na loja",
};

/** Where an order's units are (decision 0026). */
export const ESTOQUE_SITUACOES = ["reservado", "liberado", "baixado", "devolvido"] as const;

/**
 * The forms of payment the checkout offers, in its order (SPEC §4): pix only when manual Pix
 * is on, pix_mercadopago only when online Pix is switched on with an access token.
 */
export const CHECKOUT_PAYMENTS = [
  "pix_mercadopago",
  "pix",
  "dinheiro",
  "cartao_entrega",
  "balcao",
] as const satisfies readonly FormaPagamento[];

export const JANELAS_ENTREGA = ["manha", "tarde", "noite"] as const;
export type JanelaEntrega = (typeof JANELAS_ENTREGA)[number];
export const JANELA_ENTREGA_LABEL: Vocabulary<JanelaEntrega> = {
  manha: "Manhã (9h às 12h)",
  tarde: "Tarde (13h às 17h)",
  noite: "Noite (18h às 20h)",
};

// --- Online charges (provider-neutral; app/modules/payments/cobranca.ts maps a provider's onto them) ---
export const STATUS_COBRANCA = [
  "pendente",
  "paga",
  "cancelada",
  "expirada",
  "falhou",
  "reembolsada",
] as const;
export type StatusCobranca = (typeof STATUS_COBRANCA)[number];
const STATUS_COBRANCA_LABEL: Vocabulary<StatusCobranca> = {
  pendente: "Aguardando pagamento",
  paga: "Paga",
  cancelada: "Cancelada",
  expirada: "Expirada",
  falhou: "Recusada",
  reembolsada: "Reembolsada",
};
const STATUS_COBRANCA_TONE: Tones<StatusCobranca> = {
  pendente: "neutral",
  paga: "success",
  cancelada: "danger",
  expirada: "warning",
  falhou: "danger",
  reembolsada: "progress",
};

export const PROVEDORES_PAGAMENTO = ["mercadopago"] as const;
export type ProvedorPagamento = (typeof PROVEDORES_PAGAMENTO)[number];
export const PROVEDOR_PAGAMENTO_LABEL: Vocabulary<ProvedorPagamento> = {
  mercadopago: "Mercado Pago",
};

// --- Grooming (SPEC §4 names the colours) ---
export const TIPOS_SERVICO = ["plano_banho", "banho_fitoterapico", "banho_tosa"] as const;
export type TipoServico = (typeof TIPOS_SERVICO)[number];
export const TIPO_SERVICO_LABEL: Vocabulary<TipoServico> = {
  plano_banho: "Plano de Banho",
  banho_fitoterapico: "Banho Fitoterápico",
  banho_tosa: "Banho + Tosa Higiênica",
};

export const STATUS_SERVICO = [
  "aguardando_orcamento",
  "orcamento_enviado",
  "confirmado",
  "concluido",
  "cancelado",
] as const;
export type StatusServico = (typeof STATUS_SERVICO)[number];
export const STATUS_SERVICO_LABEL: Vocabulary<StatusServico> = {
  aguardando_orcamento: "Aguardando Orçamento",
  orcamento_enviado: "Orçamento Enviado",
  confirmado: "Confirmado",
  concluido: "Concluído",
  cancelado: "Cancelado",
};
const STATUS_SERVICO_TONE: Tones<StatusServico> = {
  aguardando_orcamento: "warning",
  orcamento_enviado: "info",
  confirmado: "success",
  concluido: "progress",
  cancelado: "danger",
};

// --- Resumes and job openings ---
export const VAGAS = ["vendedor", "banho-tosa", "caixa", "auxiliar"] as const;
export type Vaga = (typeof VAGAS)[number];
export const VAGA_LABEL: Vocabulary<Vaga> = {
  vendedor: "Vendedor(a)",
  "banho-tosa": "Banhista / Tosador(a)",
  caixa: "Operador(a) de Caixa",
  auxiliar: "Auxiliar Geral",
};

export const STATUS_CURRICULO = ["novo", "visto", "respondido", "arquivado"] as const;
export type StatusCurriculo = (typeof STATUS_CURRICULO)[number];
export const STATUS_CURRICULO_LABEL: Vocabulary<StatusCurriculo> = {
  novo: "Novo",
  visto: "Visto",
  respondido: "Respondido",
  arquivado: "Arquivado",
};
const STATUS_CURRICULO_TONE: Tones<StatusCurriculo> = {
  novo: "info",
  visto: "warning",
  respondido: "success",
  arquivado: "neutral",
};

// --- Coupons ---
export const TIPOS_CUPOM = ["percentual", "valor"] as const;
export type TipoCupom = (typeof TIPOS_CUPOM)[number];
export const TIPO_CUPOM_LABEL: Vocabulary<TipoCupom> = {
  percentual: "Porcentagem (%)",
  valor: "Valor fixo (R$)",
};

/** Every status kind with its label and tone, for StatusBadge. */
export const STATUSES = {
  pedido: { label: STATUS_PEDIDO_LABEL, tone: STATUS_PEDIDO_TONE },
  pagamento: { label: STATUS_PAGAMENTO_LABEL, tone: STATUS_PAGAMENTO_TONE },
  cobranca: { label: STATUS_COBRANCA_LABEL, tone: STATUS_COBRANCA_TONE },
  servico: { label: STATUS_SERVICO_LABEL, tone: STATUS_SERVICO_TONE },
  curriculo: { label: STATUS_CURRICULO_LABEL, tone: STATUS_CURRICULO_TONE },
} as const;

export type StatusKind = keyof typeof STATUSES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUSES)[K]["label"];

/** The label and tone of a status: one label and one colour wherever it shows. */
export function describeStatus<K extends StatusKind>(kind: K, value: StatusOf<K>) {
  const entry = STATUSES[kind] as { label: Record<string, string>; tone: Record<string, Tone> };
  return { label: entry.label[value as string]!, tone: entry.tone[value as string]! };
}

/** A stored service type's name; an unknown value (an old row) shows as stored. */
export function tipoServicoLabel(value: string): string {
  return (TIPO_SERVICO_LABEL as Record<string, string>)[value] ?? value;
}

/** A stored job opening's name; an unknown value shows as stored. */
export function vagaLabel(value: string): string {
  return (VAGA_LABEL as Record<string, string>)[value] ?? value;
}
