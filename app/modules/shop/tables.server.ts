// The shop module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";

/**
 * One row (id = 1) holding the fields of the old `configuracoes` and
 * `configuracoes_loja`, so the webhook URL and the chat number have one source of truth.
 */
export const configuracoes = pgTable(
  "configuracoes",
  {
    id: pg.integer("id").primaryKey().default(1),
    webhookUrl: pg.text("webhook_url"),
    webhookCurriculos: pg.text("webhook_curriculos"),
    webhookServicos: pg.text("webhook_servicos"),
    /** Switch of the order webhook (webhook_url). */
    webhookAtivo: pg.boolean("webhook_ativo").notNull().default(true),
    /** Switches of the grooming and resume webhooks, each with its own address. */
    webhookServicosAtivo: pg.boolean("webhook_servicos_ativo").notNull().default(true),
    webhookCurriculosAtivo: pg.boolean("webhook_curriculos_ativo").notNull().default(true),
    webhookSecret: pg.text("webhook_secret"),
    whatsappNumero: pg.text("whatsapp_numero"),
    whatsappAtivo: pg.boolean("whatsapp_ativo").notNull().default(false),
    taxaEntregaPadrao: col.money("taxa_entrega_padrao").notNull().default(sql`0`),
    freteGratisMinimo: col.money("frete_gratis_minimo").notNull().default(sql`40.00`),
    pixManualAtivo: pg.boolean("pix_manual_ativo").notNull().default(false),
    pixChave: pg.text("pix_chave"),
    pixNomeRecebedor: pg.text("pix_nome_recebedor"),
    pixCidade: pg.text("pix_cidade"),
    /** Percentage off the products for orders paid by Pix (0 = none). */
    pixDescontoPercentual: pg.integer("pix_desconto_percentual").notNull().default(0),
    /** Online Pix with automatic confirmation (Mercado Pago); env vars win over the tokens. */
    mercadopagoAtivo: pg.boolean("mercadopago_ativo").notNull().default(false),
    mercadopagoAccessToken: pg.text("mercadopago_access_token"),
    mercadopagoWebhookSecret: pg.text("mercadopago_webhook_secret"),
    /** How long an online Pix charge can be paid. */
    pixExpiracaoMinutos: pg.integer("pix_expiracao_minutos").notNull().default(30),
    /** Card online through Mercado Pago Checkout Pro, same credentials (decision 0080). */
    cartaoAtivo: pg.boolean("cartao_ativo").notNull().default(false),
    /** The most installments the customer may choose, and how many of those are interest-free. */
    cartaoParcelasMax: pg.integer("cartao_parcelas_max").notNull().default(1),
    cartaoParcelasSemJuros: pg.integer("cartao_parcelas_sem_juros").notNull().default(1),
    /** Where the shop gets an e-mail for every new order (empty: none). */
    emailNovosPedidos: pg.text("email_novos_pedidos"),
    /** The shop's CNPJ, at the foot of every e-mail. */
    cnpj: pg.text("cnpj"),
    /**
     * The SMTP server e-mails go out through, set in the admin (E-mails enviados); the
     * environment's SMTP_URL / SMTP_HOST win. No host: messages are kept as .eml files.
     */
    smtpHost: pg.text("smtp_host"),
    smtpPorta: pg.integer("smtp_porta"),
    smtpUsuario: pg.text("smtp_usuario"),
    /** Never sent back to a page; blank on the form keeps it. */
    smtpSenha: pg.text("smtp_senha"),
    /** The sender ("Nome <endereço>" or an address); the environment's MAIL_FROM wins. */
    emailRemetente: pg.text("email_remetente"),
    /** The supplier as Decreto 7.962/2013 asks: razão social, shown in every footer. */
    razaoSocial: pg.text("razao_social"),
    /** The shop's e-mail for customers (footer, legal pages); empty: the site's own. */
    emailContato: pg.text("email_contato"),
    /** The person in charge of personal data (LGPD art. 41), named on the privacy page. */
    encarregadoNome: pg.text("encarregado_nome"),
    encarregadoEmail: pg.text("encarregado_email"),
    /** The legal pages in Markdown; null: the default text (decision 0044). */
    textoPrivacidade: pg.text("texto_privacidade"),
    textoTrocas: pg.text("texto_trocas"),
    textoTermos: pg.text("texto_termos"),
    /**
     * The site's address as its admins reach it (`https://loja.example`), learned from the
     * panel: the links of e-mails use it when PUBLIC_URL is not set, never the Host header a
     * customer's request came with (decision 0057).
     */
    enderecoSite: pg.text("endereco_site"),
    /**
     * The demo shop (decision 0057): null until the first start decides; "carregados" when
     * it was seeded, "vazio" for an empty start (DEMO_DATA=0), "removidos" after "Remover
     * dados de demonstração". Only null seeds, so the demo never comes back.
     */
    dadosDemo: pg.text("dados_demo"),
    /** Resumes and grooming photos are deleted this many months after they arrived. */
    retencaoMeses: pg.integer("retencao_meses").notNull().default(12),
    /** Sent e-mails' bodies and webhook payloads are cleared this many days after they were made. */
    retencaoEnviosDias: pg.integer("retencao_envios_dias").notNull().default(90),
    updatedAt: col.updatedAt(),
  },
  (t) => [
    pg.check("configuracoes_single_row_check", sql`${t.id} = 1`),
    pg.check(
      "configuracoes_valores_check",
      sql`${t.taxaEntregaPadrao} >= 0 and ${t.freteGratisMinimo} >= 0`,
    ),
    pg.check(
      "configuracoes_pix_desconto_check",
      sql`${t.pixDescontoPercentual} >= 0 and ${t.pixDescontoPercentual} <= 50`,
    ),
    pg.check(
      "configuracoes_smtp_porta_check",
      sql`${t.smtpPorta} is null or (${t.smtpPorta} between 1 and 65535)`,
    ),
    pg.check(
      "configuracoes_retencao_check",
      sql`${t.retencaoMeses} >= 1 and ${t.retencaoMeses} <= 120`,
    ),
    pg.check(
      "configuracoes_retencao_envios_check",
      sql`${t.retencaoEnviosDias} >= 7 and ${t.retencaoEnviosDias} <= 3650`,
    ),
    pg.check(
      "configuracoes_pix_expiracao_check",
      sql`${t.pixExpiracaoMinutos} >= 30 and ${t.pixExpiracaoMinutos} <= 1440`,
    ),
    pg.check(
      "configuracoes_cartao_parcelas_check",
      sql`${t.cartaoParcelasMax} between 1 and 12 and ${t.cartaoParcelasSemJuros} between 1 and ${t.cartaoParcelasMax}`,
    ),
  ],
);

export type Configuracoes = typeof configuracoes.$inferSelect;

/** Opening hours of one weekday: "09:00"–"20:00", or closed (null). */
export type HorarioDia = { abre: string; fecha: string } | null;

/**
 * The shop's units (counters): where stock is counted, orders are prepared and picked up,
 * and what the home, footer, contact page and structured data show (decision 0026).
 */
export const unidades = pgTable(
  "unidades",
  {
    id: col.id(),
    /** Stable short name for addresses and import columns (estoque_<slug>). */
    slug: pg.text("slug").notNull(),
    nome: pg.text("nome").notNull(),
    endereco: pg.text("endereco").notNull(),
    bairro: pg.text("bairro").notNull(),
    cidade: pg.text("cidade").notNull(),
    uf: pg.text("uf").notNull(),
    cep: pg.text("cep"),
    telefone: pg.text("telefone"),
    whatsapp: pg.text("whatsapp"),
    /** The branch's CNPJ, 14 bare characters (alphanumeric from July 2026): NF-e addressed to it is this unit's. */
    cnpj: pg.text("cnpj"),
    /** State registration, bare digits or "ISENTO" (checked against the unit's UF). */
    ie: pg.text("ie"),
    /** Seven entries, Sunday (0) to Saturday (6). */
    horarios: pg.jsonb("horarios").$type<HorarioDia[]>().notNull(),
    servicos: pg.jsonb("servicos").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    mapsUrl: pg.text("maps_url"),
    emBreve: pg.boolean("em_breve").notNull().default(false),
    retiradaAtiva: pg.boolean("retirada_ativa").notNull().default(false),
    /** Hours to prepare a pick-up order ("pronto em ~N h"). */
    preparoHoras: pg.integer("preparo_horas").notNull().default(2),
    instrucoesRetirada: pg.text("instrucoes_retirada"),
    atendeEntregas: pg.boolean("atende_entregas").notNull().default(false),
    posicao: pg.integer("posicao").notNull().default(0),
    ativo: col.ativo(),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("unidades_slug_idx").on(t.slug),
    pg.uniqueIndex("unidades_cnpj_idx").on(t.cnpj).where(sql`${t.cnpj} is not null`),
    pg.check("unidades_preparo_check", sql`${t.preparoHoras} >= 0 and ${t.preparoHoras} <= 168`),
  ],
);

export type Unidade = typeof unidades.$inferSelect;
