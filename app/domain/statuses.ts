// The shop's vocabulary (SPEC §4): every status, payment method, delivery window, service,
// job opening and coupon type, with its pt-BR label and, for statuses, one semantic tone. The database
// schema takes its values from here; zod schemas only validate against them; every screen
// (admin and customer) shows a status through StatusBadge with this label and tone. Each list
// is written with defineVocabulary (./vocabulary.ts says how).

import { estadoAssinatura, estadoCiclo } from "./assinatura";
import { defineVocabulary, type Tone } from "./vocabulary";

export type { Tone };

// --- Orders ---
const pedido = defineVocabulary({
  novo: { label: "Novo", tone: "info" },
  preparo: { label: "Em Preparo", tone: "warning" },
  saiu_entrega: { label: "Saiu para Entrega", tone: "progress" },
  pronto_retirada: { label: "Pronto para retirada", tone: "progress" },
  entregue: { label: "Entregue", tone: "success" },
  retirado: { label: "Retirado", tone: "success" },
  cancelado: { label: "Cancelado", tone: "danger" },
});
export const { values: STATUS_PEDIDO, label: STATUS_PEDIDO_LABEL } = pedido;
export type StatusPedido = (typeof STATUS_PEDIDO)[number];

const pagamento = defineVocabulary({
  aguardando: { label: "Aguardando", tone: "warning" },
  pago: { label: "Pago", tone: "success" },
  falhou: { label: "Falhou", tone: "danger" },
  reembolsado: { label: "Reembolsado", tone: "info" },
});
export const { values: STATUS_PAGAMENTO, label: STATUS_PAGAMENTO_LABEL } = pagamento;
export type StatusPagamento = (typeof STATUS_PAGAMENTO)[number];

/**
 * Each form of payment as the admin reads it (`label`) and as the customer does (`cliente`:
 * order page, messages): "manual" and the provider's name are the shop's words, not theirs.
 */
const formaPagamento = defineVocabulary({
  pix: { label: "PIX Manual", cliente: "Pix" },
  pix_mercadopago: { label: "PIX Mercado Pago", cliente: "Pix" },
  cartao_mercadopago: { label: "Cartão Mercado Pago", cliente: "Cartão de crédito ou débito" },
  cartao: { label: "Cartão", cliente: "Cartão" },
  dinheiro: { label: "Dinheiro", cliente: "Dinheiro na entrega" },
  cartao_entrega: { label: "Cartão na entrega", cliente: "Cartão na entrega" },
  balcao: { label: "Pagar na retirada", cliente: "Pagar na retirada" },
});
export const { values: FORMAS_PAGAMENTO, label: FORMA_PAGAMENTO_LABEL } = formaPagamento;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const FORMA_PAGAMENTO_CLIENTE: Record<FormaPagamento, string> =
  formaPagamento.column("cliente");

/** Receive at home or pick up at a unit. */
export const { values: MODOS_PEDIDO, label: MODO_PEDIDO_LABEL } = defineVocabulary({
  entrega: "Receber em casa",
  retirada: "Retirar na loja",
});
export type ModoPedido = (typeof MODOS_PEDIDO)[number];

/** Where an order's units are (decision 0026). */
export const ESTOQUE_SITUACOES = ["reservado", "liberado", "baixado", "devolvido"] as const;

/**
 * The forms of payment the checkout offers, in its order (SPEC §4): pix only when manual Pix
 * is on, pix_mercadopago only when online Pix is switched on with an access token.
 */
export const CHECKOUT_PAYMENTS = [
  "pix_mercadopago",
  "cartao_mercadopago",
  "pix",
  "dinheiro",
  "cartao_entrega",
  "balcao",
] as const satisfies readonly FormaPagamento[];

/** How a pick-up order (or subscription) may be paid: Pix, a card online, or at the counter. */
export const PICK_UP_PAYMENTS: readonly FormaPagamento[] = [
  "pix",
  "pix_mercadopago",
  "cartao_mercadopago",
  "balcao",
];

export const { values: JANELAS_ENTREGA, label: JANELA_ENTREGA_LABEL } = defineVocabulary({
  manha: "Manhã (9h às 12h)",
  tarde: "Tarde (13h às 17h)",
  noite: "Noite (18h às 20h)",
});
export type JanelaEntrega = (typeof JANELAS_ENTREGA)[number];

// --- Online charges (provider-neutral; app/modules/payments/cobranca.ts maps a provider's onto them) ---
const cobranca = defineVocabulary({
  pendente: { label: "Aguardando pagamento", tone: "neutral" },
  paga: { label: "Paga", tone: "success" },
  cancelada: { label: "Cancelada", tone: "danger" },
  expirada: { label: "Expirada", tone: "warning" },
  falhou: { label: "Recusada", tone: "danger" },
  reembolsada: { label: "Reembolsada", tone: "progress" },
});
export const { values: STATUS_COBRANCA } = cobranca;
export type StatusCobranca = (typeof STATUS_COBRANCA)[number];

export const { values: PROVEDORES_PAGAMENTO, label: PROVEDOR_PAGAMENTO_LABEL } = defineVocabulary({
  mercadopago: "Mercado Pago",
});
export type ProvedorPagamento = (typeof PROVEDORES_PAGAMENTO)[number];

/** How an online charge is paid at the provider (issue 43): Pix, or a card through Checkout Pro. */
export const { values: MEIOS_COBRANCA, label: MEIO_COBRANCA_LABEL } = defineVocabulary({
  pix: "Pix",
  cartao: "Cartão",
});
export type MeioCobranca = (typeof MEIOS_COBRANCA)[number];

// --- Grooming (SPEC §4 names the colours) ---
export const {
  values: TIPOS_SERVICO,
  label: TIPO_SERVICO_LABEL,
  labelOf: tipoServicoLabel,
} = defineVocabulary({
  plano_banho: "Plano de Banho",
  banho_fitoterapico: "Banho Fitoterápico",
  banho_tosa: "Banho + Tosa Higiênica",
});
export type TipoServico = (typeof TIPOS_SERVICO)[number];

const servico = defineVocabulary({
  aguardando_orcamento: { label: "Aguardando Orçamento", tone: "warning" },
  orcamento_enviado: { label: "Orçamento Enviado", tone: "info" },
  confirmado: { label: "Confirmado", tone: "success" },
  concluido: { label: "Concluído", tone: "progress" },
  cancelado: { label: "Cancelado", tone: "danger" },
});
export const { values: STATUS_SERVICO, label: STATUS_SERVICO_LABEL } = servico;
export type StatusServico = (typeof STATUS_SERVICO)[number];

// --- Resumes and job openings ---
export const {
  values: VAGAS,
  label: VAGA_LABEL,
  labelOf: vagaLabel,
} = defineVocabulary({
  vendedor: "Vendedor(a)",
  "banho-tosa": "Banhista / Tosador(a)",
  caixa: "Operador(a) de Caixa",
  auxiliar: "Auxiliar Geral",
});
export type Vaga = (typeof VAGAS)[number];

const curriculo = defineVocabulary({
  novo: { label: "Novo", tone: "info" },
  visto: { label: "Visto", tone: "warning" },
  respondido: { label: "Respondido", tone: "success" },
  arquivado: { label: "Arquivado", tone: "neutral" },
});
export const { values: STATUS_CURRICULO, label: STATUS_CURRICULO_LABEL } = curriculo;
export type StatusCurriculo = (typeof STATUS_CURRICULO)[number];

// --- Coupons ---
export const { values: TIPOS_CUPOM, label: TIPO_CUPOM_LABEL } = defineVocabulary({
  percentual: "Porcentagem (%)",
  valor: "Valor fixo (R$)",
});
export type TipoCupom = (typeof TIPOS_CUPOM)[number];

// --- Live alerts for the staff (decision 0035) ---
/**
 * What a live alert tells of: a new order, photo quote or resume, or an order's payment or
 * reservation in trouble. The alerts' table, the events that raise them and the admin's toasts
 * all take this list.
 */
export const TIPOS_AVISO = [
  "pedido",
  "servico",
  "curriculo",
  "pago_apos_cancelamento",
  "contestacao",
  "reserva_em_risco",
] as const;
export type TipoAviso = (typeof TIPOS_AVISO)[number];

/**
 * Every status kind with its label and tone, for StatusBadge (`<StatusBadge of="pedido"
 * value={p.status} />`). A status list of app/domain registers here; a module's own (grooming,
 * mail) shows through ToneBadge with its vocabulary's tone.
 */
export const STATUSES = {
  pedido,
  pagamento,
  cobranca,
  servico,
  curriculo,
  assinatura: estadoAssinatura,
  ciclo: estadoCiclo,
} as const;

export type StatusKind = keyof typeof STATUSES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUSES)[K]["label"];

/** The label and tone of a status: one label and one colour wherever it shows. */
export function describeStatus<K extends StatusKind>(kind: K, value: StatusOf<K>) {
  const entry = STATUSES[kind] as unknown as {
    label: Record<string, string>;
    tone: Record<string, Tone>;
  };
  return { label: entry.label[value as string]!, tone: entry.tone[value as string]! };
}
