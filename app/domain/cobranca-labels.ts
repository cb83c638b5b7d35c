// pt-BR words for online charges on the admin screens (SPEC §4 names the payment method
// `pix_mercadopago`). Kept apart from the pure rules in cobranca.ts so a page imports only
// labels.
import type { ProvedorPagamento, StatusCobranca } from "~/server/db/schema";

export const PROVEDOR_PAGAMENTO_LABEL: Record<ProvedorPagamento, string> = {
  mercadopago: "Mercado Pago",
};

export const STATUS_COBRANCA_LABEL: Record<StatusCobranca, string> = {
  pendente: "Aguardando pagamento",
  paga: "Paga",
  cancelada: "Cancelada",
  expirada: "Expirada",
  falhou: "Recusada",
  reembolsada: "Reembolsada",
};
