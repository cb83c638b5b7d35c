// Status changes of the admin screens (SPEC §4), with their pt-BR labels.
// The lists repeat the database enums (only types are imported from the schema module, so
// no database code reaches the browser); the `Same` checks fail the build if they drift.
import { z } from "zod";
import type {
  StatusCurriculo,
  StatusPagamento,
  StatusPedido,
  StatusServico,
  TipoCupom,
} from "~/server/db/schema";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(_check?: T) => undefined;

export const STATUS_PEDIDO = ["novo", "preparo", "saiu_entrega", "entregue", "cancelado"] as const;
export const STATUS_PAGAMENTO = ["aguardando", "pago", "falhou", "reembolsado"] as const;
export const STATUS_SERVICO = [
  "aguardando_orcamento",
  "orcamento_enviado",
  "confirmado",
  "concluido",
  "cancelado",
] as const;
export const STATUS_CURRICULO = ["novo", "visto", "respondido", "arquivado"] as const;
export const TIPOS_CUPOM = ["percentual", "valor"] as const;
same<Same<(typeof STATUS_PEDIDO)[number], StatusPedido>>();
same<Same<(typeof STATUS_PAGAMENTO)[number], StatusPagamento>>();
same<Same<(typeof STATUS_SERVICO)[number], StatusServico>>();
same<Same<(typeof STATUS_CURRICULO)[number], StatusCurriculo>>();
same<Same<(typeof TIPOS_CUPOM)[number], TipoCupom>>();

const id = z.uuid("Registro inválido");

export const orderStatusSchema = z.object({
  id,
  status: z.enum(STATUS_PEDIDO, { error: "Status inválido" }),
});
export const paymentStatusSchema = z.object({
  id,
  status: z.enum(STATUS_PAGAMENTO, { error: "Status de pagamento inválido" }),
});
export const refundSchema = z.object({ id });
export const groomingStatusSchema = z.object({
  id,
  status: z.enum(STATUS_SERVICO, { error: "Status inválido" }),
});
export const resumeStatusSchema = z.object({
  id,
  status: z.enum(STATUS_CURRICULO, { error: "Status inválido" }),
});

export const STATUS_PEDIDO_LABEL: Record<(typeof STATUS_PEDIDO)[number], string> = {
  novo: "Novo",
  preparo: "Em Preparo",
  saiu_entrega: "Saiu para Entrega",
  entregue: "Entregue",
  cancelado: "Cancelado",
};

export const STATUS_PAGAMENTO_LABEL: Record<(typeof STATUS_PAGAMENTO)[number], string> = {
  aguardando: "Aguardando",
  pago: "Pago",
  falhou: "Falhou",
  reembolsado: "Reembolsado",
};

export const STATUS_SERVICO_LABEL: Record<(typeof STATUS_SERVICO)[number], string> = {
  aguardando_orcamento: "Aguardando Orçamento",
  orcamento_enviado: "Orçamento Enviado",
  confirmado: "Confirmado",
  concluido: "Concluído",
  cancelado: "Cancelado",
};

/** Badge variant of each grooming status (SPEC §4 colours). */
export const STATUS_SERVICO_COR = {
  aguardando_orcamento: "yellow",
  orcamento_enviado: "blue",
  confirmado: "green",
  concluido: "purple",
  cancelado: "red",
} as const satisfies Record<(typeof STATUS_SERVICO)[number], string>;

export const STATUS_CURRICULO_LABEL: Record<(typeof STATUS_CURRICULO)[number], string> = {
  novo: "Novo",
  visto: "Visto",
  respondido: "Respondido",
  arquivado: "Arquivado",
};

export const FORMA_PAGAMENTO_LABEL: Record<string, string> = {
  pix: "PIX Manual",
  pix_mercadopago: "PIX (Mercado Pago)",
  cartao: "Cartão",
  dinheiro: "Dinheiro",
  cartao_entrega: "Cartão na entrega",
};

export const JANELA_ENTREGA_LABEL: Record<string, string> = {
  manha: "Manhã (9h às 12h)",
  tarde: "Tarde (13h às 17h)",
  noite: "Noite (18h às 20h)",
};

export const SERVICO_NOME: Record<string, string> = {
  plano_banho: "Plano de Banho",
  banho_fitoterapico: "Banho Fitoterápico",
  banho_tosa: "Banho + Tosa Higiênica",
};

export const VAGA_LABEL: Record<string, string> = {
  vendedor: "Vendedor(a)",
  "banho-tosa": "Banho e Tosa",
  caixa: "Caixa",
  auxiliar: "Auxiliar",
};
