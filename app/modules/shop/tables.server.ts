// The shop module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { money, updatedAt } from "../../infra/db/columns.server";

/**
 * One row (id = 1) holding the fields of the old `configuracoes` and
 * `configuracoes_loja`, so the webhook URL and the chat number have one source of truth.
 */
export const configuracoes = pgTable(
  "configuracoes",
  {
    id: integer("id").primaryKey().default(1),
    webhookUrl: text("webhook_url"),
    webhookCurriculos: text("webhook_curriculos"),
    webhookServicos: text("webhook_servicos"),
    /** Switch of the order webhook (webhook_url). */
    webhookAtivo: boolean("webhook_ativo").notNull().default(true),
    /** Switches of the grooming and resume webhooks, each with its own address. */
    webhookServicosAtivo: boolean("webhook_servicos_ativo").notNull().default(true),
    webhookCurriculosAtivo: boolean("webhook_curriculos_ativo").notNull().default(true),
    webhookSecret: text("webhook_secret"),
    whatsappNumero: text("whatsapp_numero"),
    whatsappAtivo: boolean("whatsapp_ativo").notNull().default(false),
    taxaEntregaPadrao: money("taxa_entrega_padrao").notNull().default(sql`0`),
    freteGratisMinimo: money("frete_gratis_minimo").notNull().default(sql`40.00`),
    pixManualAtivo: boolean("pix_manual_ativo").notNull().default(false),
    pixChave: text("pix_chave"),
    pixNomeRecebedor: text("pix_nome_recebedor"),
    pixCidade: text("pix_cidade"),
    /** Percentage off the products for orders paid by Pix (0 = none). */
    pixDescontoPercentual: integer("pix_desconto_percentual").notNull().default(0),
    /** Online Pix with automatic confirmation (Mercado Pago); env vars win over the tokens. */
    mercadopagoAtivo: boolean("mercadopago_ativo").notNull().default(false),
    mercadopagoAccessToken: text("mercadopago_access_token"),
    mercadopagoWebhookSecret: text("mercadopago_webhook_secret"),
    /** How long an online Pix charge can be paid. */
    pixExpiracaoMinutos: integer("pix_expiracao_minutos").notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("configuracoes_single_row_check", sql`${t.id} = 1`),
    check(
      "configuracoes_valores_check",
      sql`${t.taxaEntregaPadrao} >= 0 and ${t.freteGratisMinimo} >= 0`,
    ),
    check(
      "configuracoes_pix_desconto_check",
      sql`${t.pixDescontoPercentual} >= 0 and ${t.pixDescontoPercentual} <= 50`,
    ),
    check(
      "configuracoes_pix_expiracao_check",
      sql`${t.pixExpiracaoMinutos} >= 30 and ${t.pixExpiracaoMinutos} <= 1440`,
    ),
  ],
);

export type Configuracoes = typeof configuracoes.$inferSelect;
