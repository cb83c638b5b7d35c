// The whole stored model, with the table and column names of SPEC §3.
// Money is stored as numeric(12,2) and handled in code as integer centavos
// (see docs/decisions/0001-money.md): the `money` column type converts at the edge.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { centavosToDecimal, decimalToCentavos } from "~/domain/money";
import {
  FORMAS_PAGAMENTO,
  JANELAS_ENTREGA,
  PROVEDORES_PAGAMENTO,
  STATUS_COBRANCA,
  STATUS_CURRICULO,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
  STATUS_SERVICO,
  TIPOS_CUPOM,
  TIPOS_SERVICO,
  VAGAS,
} from "~/domain/statuses";

/** numeric(12,2) in the database, integer centavos in TypeScript. */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => "numeric(12, 2)",
  toDriver: (centavos) => centavosToDecimal(centavos),
  fromDriver: (value) => decimalToCentavos(String(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// The shop's vocabulary (statuses, payment methods, services, openings) lives in
// app/domain/statuses.ts: the tables and their checks take their values from there
// (relative import: drizzle-kit reads this file without the path alias).
export const STATUS_WEBHOOK = ["pendente", "entregue", "falhou"] as const;
export const TIPOS_WEBHOOK = ["pedido", "servico", "curriculo", "teste"] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

export const categorias = pgTable(
  "categorias",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nome: text("nome").notNull(),
    descricao: text("descricao"),
    ativo: boolean("ativo").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categorias_nome_lower_idx").on(sql`lower(${t.nome})`)],
);

export const produtos = pgTable(
  "produtos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nome: text("nome").notNull(),
    descricaoCurta: text("descricao_curta"),
    categoriaId: uuid("categoria_id")
      .notNull()
      .references(() => categorias.id, { onDelete: "restrict" }),
    precoAtual: money("preco_atual").notNull(),
    precoAntes: money("preco_antes"),
    precoCusto: money("preco_custo"),
    estoque: integer("estoque").notNull().default(0),
    sku: text("sku"),
    marca: text("marca"),
    subgrupo: text("subgrupo"),
    unidade: text("unidade").notNull().default("UN"),
    ativo: boolean("ativo").notNull().default(true),
    imagemUrl: text("imagem_url"),
    /** Lower-case, accent-free copy of nome, descricao_curta and sku, for search. */
    busca: text("busca").notNull().default(""),
    /** Soft delete: a product that appears in past orders is kept for them. */
    excluidoEm: timestamp("excluido_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("produtos_sku_idx").on(t.sku),
    index("produtos_loja_idx").on(t.ativo, t.nome),
    index("produtos_created_at_idx").on(t.createdAt.desc()),
    index("produtos_categoria_idx").on(t.categoriaId),
    index("produtos_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("produtos_preco_atual_check", sql`${t.precoAtual} >= 0`),
    check("produtos_preco_antes_check", sql`${t.precoAntes} is null or ${t.precoAntes} >= 0`),
    check("produtos_preco_custo_check", sql`${t.precoCusto} is null or ${t.precoCusto} >= 0`),
    check("produtos_estoque_check", sql`${t.estoque} >= 0`),
  ],
);

export const cupons = pgTable(
  "cupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codigo: text("codigo").notNull(),
    tipo: text("tipo", { enum: TIPOS_CUPOM }).notNull(),
    /** 'percentual': the percentage (10.00 = 10 %); 'valor': the amount in reais. */
    valor: money("valor").notNull(),
    ativo: boolean("ativo").notNull().default(true),
    pedidoMinimo: money("pedido_minimo"),
    validoAte: timestamp("valido_ate", { withTimezone: true }),
    limiteUsos: integer("limite_usos"),
    usos: integer("usos").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cupons_codigo_idx").on(t.codigo),
    check("cupons_codigo_upper_check", sql`${t.codigo} = upper(${t.codigo})`),
    check("cupons_tipo_check", inList("tipo", TIPOS_CUPOM)),
    check("cupons_valor_check", sql`${t.valor} > 0`),
    check("cupons_percentual_check", sql`${t.tipo} <> 'percentual' or ${t.valor} <= 100`),
    check("cupons_pedido_minimo_check", sql`${t.pedidoMinimo} is null or ${t.pedidoMinimo} >= 0`),
    check("cupons_limite_check", sql`${t.limiteUsos} is null or ${t.limiteUsos} > 0`),
    check("cupons_usos_check", sql`${t.usos} >= 0`),
  ],
);

export const bairrosEntrega = pgTable(
  "bairros_entrega",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nome: text("nome").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    ativo: boolean("ativo").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bairros_entrega_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("bairros_entrega_taxa_check", sql`${t.taxaEntrega} >= 0`),
  ],
);

export const pedidos = pgTable(
  "pedidos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    numeroPedido: text("numero_pedido").notNull(),
    /** sha256 of the secret token carried by the customer's order link. */
    tokenHash: text("token_hash").notNull(),
    /** Idempotency key sent by the checkout form: a retried submit finds the same order. */
    idempotencyKey: text("idempotency_key"),
    clienteNome: text("cliente_nome").notNull(),
    clienteTelefone: text("cliente_telefone").notNull(),
    clienteEndereco: text("cliente_endereco").notNull(),
    clienteBairro: text("cliente_bairro").notNull(),
    clienteReferencia: text("cliente_referencia"),
    /** Asked only for online Pix: the provider needs the payer's e-mail (and a retry too). */
    clienteEmail: text("cliente_email"),
    janelaEntrega: text("janela_entrega", { enum: JANELAS_ENTREGA }).notNull(),
    observacoes: text("observacoes"),
    subtotal: money("subtotal").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    desconto: money("desconto").notNull().default(sql`0`),
    /** The discount for paying by Pix (store setting at the time of the order). */
    descontoPix: money("desconto_pix").notNull().default(sql`0`),
    total: money("total").notNull(),
    cupomCodigo: text("cupom_codigo"),
    cupomId: uuid("cupom_id").references(() => cupons.id, { onDelete: "set null" }),
    formaPagamento: text("forma_pagamento", { enum: FORMAS_PAGAMENTO }).notNull(),
    trocoPara: money("troco_para"),
    statusPedido: text("status_pedido", { enum: STATUS_PEDIDO }).notNull().default("novo"),
    statusPagamento: text("status_pagamento", { enum: STATUS_PAGAMENTO })
      .notNull()
      .default("aguardando"),
    /** Set when a cancellation has put the stock back, so it happens once. */
    estoqueDevolvido: boolean("estoque_devolvido").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pedidos_numero_idx").on(t.numeroPedido),
    uniqueIndex("pedidos_idempotency_idx").on(t.idempotencyKey),
    index("pedidos_created_at_idx").on(t.createdAt.desc()),
    index("pedidos_status_idx").on(t.statusPedido, t.statusPagamento),
    check("pedidos_status_check", inList("status_pedido", STATUS_PEDIDO)),
    check("pedidos_pagamento_check", inList("status_pagamento", STATUS_PAGAMENTO)),
    check("pedidos_forma_check", inList("forma_pagamento", FORMAS_PAGAMENTO)),
    check("pedidos_janela_check", inList("janela_entrega", JANELAS_ENTREGA)),
    check(
      "pedidos_valores_check",
      sql`${t.subtotal} >= 0 and ${t.taxaEntrega} >= 0 and ${t.desconto} >= 0 and ${t.total} >= 0`,
    ),
    check("pedidos_desconto_pix_check", sql`${t.descontoPix} >= 0`),
  ],
);

export const itensPedido = pgTable(
  "itens_pedido",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pedidoId: uuid("pedido_id")
      .notNull()
      .references(() => pedidos.id, { onDelete: "cascade" }),
    produtoId: uuid("produto_id").references(() => produtos.id, { onDelete: "restrict" }),
    produtoNome: text("produto_nome").notNull(),
    produtoPreco: money("produto_preco").notNull(),
    quantidade: integer("quantidade").notNull(),
    subtotal: money("subtotal").notNull(),
  },
  (t) => [
    index("itens_pedido_pedido_idx").on(t.pedidoId),
    index("itens_pedido_produto_idx").on(t.produtoId),
    check("itens_pedido_quantidade_check", sql`${t.quantidade} > 0`),
    check("itens_pedido_valores_check", sql`${t.produtoPreco} >= 0 and ${t.subtotal} >= 0`),
  ],
);

/**
 * Online payment charges (Pix through a provider). An order may have several over time
 * (one expires, the customer asks for another); each is the provider's record seen from here.
 */
export const cobrancas = pgTable(
  "cobrancas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pedidoId: uuid("pedido_id")
      .notNull()
      .references(() => pedidos.id, { onDelete: "cascade" }),
    provedor: text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
    /** The provider's id of the charge (Mercado Pago: the payment id). */
    externoId: text("externo_id").notNull(),
    /** Sent on creation: a retry after a lost answer gets the same charge back. */
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: STATUS_COBRANCA }).notNull().default("pendente"),
    /** The provider's own status word, for support. */
    statusProvedor: text("status_provedor"),
    valor: money("valor").notNull(),
    qrCode: text("qr_code"),
    qrCodeBase64: text("qr_code_base64"),
    ticketUrl: text("ticket_url"),
    expiraEm: timestamp("expira_em", { withTimezone: true }),
    pagoEm: timestamp("pago_em", { withTimezone: true }),
    reembolsadoEm: timestamp("reembolsado_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cobrancas_externo_idx").on(t.provedor, t.externoId),
    uniqueIndex("cobrancas_idempotency_idx").on(t.idempotencyKey),
    index("cobrancas_pedido_idx").on(t.pedidoId),
    index("cobrancas_status_idx").on(t.status, t.createdAt),
    check("cobrancas_provedor_check", inList("provedor", PROVEDORES_PAGAMENTO)),
    check("cobrancas_status_check", inList("status", STATUS_COBRANCA)),
    check("cobrancas_valor_check", sql`${t.valor} > 0`),
  ],
);

export const pedidosServicos = pgTable(
  "pedidos_servicos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    numeroPedido: text("numero_pedido").notNull(),
    status: text("status", { enum: STATUS_SERVICO }).notNull().default("aguardando_orcamento"),
    tipoServico: text("tipo_servico", { enum: TIPOS_SERVICO }).notNull(),
    nomeTutor: text("nome_tutor").notNull(),
    whatsapp: text("whatsapp").notNull(),
    nomePet: text("nome_pet").notNull(),
    racaPorte: text("raca_porte").notNull(),
    dataDesejada: date("data_desejada"),
    horarioDesejado: text("horario_desejado"),
    levaTraz: boolean("leva_traz").notNull().default(false),
    endereco: text("endereco"),
    bairro: text("bairro"),
    referencia: text("referencia"),
    observacoes: text("observacoes"),
    fotos: jsonb("fotos").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pedidos_servicos_numero_idx").on(t.numeroPedido),
    index("pedidos_servicos_created_at_idx").on(t.createdAt.desc()),
    index("pedidos_servicos_status_idx").on(t.status),
    check("pedidos_servicos_status_check", inList("status", STATUS_SERVICO)),
    check("pedidos_servicos_tipo_check", inList("tipo_servico", TIPOS_SERVICO)),
  ],
);

export const curriculos = pgTable(
  "curriculos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nomeCompleto: text("nome_completo").notNull(),
    email: text("email").notNull(),
    telefone: text("telefone").notNull(),
    vaga: text("vaga", { enum: VAGAS }).notNull(),
    mensagem: text("mensagem").notNull().default(""),
    /** '' until the file is stored, then 'private:{file}'. */
    curriculoUrl: text("curriculo_url").notNull().default(""),
    status: text("status", { enum: STATUS_CURRICULO }).notNull().default("novo"),
    createdAt: createdAt(),
  },
  (t) => [
    index("curriculos_created_at_idx").on(t.createdAt.desc()),
    index("curriculos_status_idx").on(t.status),
    check("curriculos_status_check", inList("status", STATUS_CURRICULO)),
    check("curriculos_vaga_check", inList("vaga", VAGAS)),
  ],
);

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

export const usuarios = pgTable(
  "usuarios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    senhaHash: text("senha_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    totpSecret: text("totp_secret"),
    totpAtivo: boolean("totp_ativo").notNull().default(false),
    /** The last 30-second TOTP step accepted: a code is good once, not for its whole window. */
    totpUltimoPasso: integer("totp_ultimo_passo"),
    /** sha256 hashes of the unused recovery codes. */
    codigosRecuperacao: jsonb("codigos_recuperacao").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("usuarios_email_idx").on(t.email),
    check("usuarios_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessoes = pgTable(
  "sessoes",
  {
    /** sha256 of the cookie token: a database leak does not hand out live sessions. */
    id: text("id").primaryKey(),
    usuarioId: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    /** True between the password step and the TOTP step of a two-factor login. */
    mfaPendente: boolean("mfa_pendente").notNull().default(false),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessoes_usuario_idx").on(t.usuarioId),
    index("sessoes_expires_idx").on(t.expiresAt),
  ],
);

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key: the trail outlives the user, and failed logins have no user.
    adminUserId: uuid("admin_user_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_at_idx").on(t.createdAt.desc()),
    index("admin_audit_log_action_idx").on(t.action),
  ],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operation: text("operation").notNull(),
    identifier: text("identifier").notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Start of the counting window. */
    firstAttempt: timestamp("first_attempt", { withTimezone: true }).notNull().defaultNow(),
    lastAttempt: timestamp("last_attempt", { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("rate_limits_operation_identifier_idx").on(t.operation, t.identifier),
    index("rate_limits_last_attempt_idx").on(t.lastAttempt.desc()),
  ],
);

export const webhookEntregas = pgTable(
  "webhook_entregas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tipo: text("tipo", { enum: TIPOS_WEBHOOK }).notNull(),
    /** What the announcement is about (pedido, pedido de serviço, currículo id). */
    referenciaId: text("referencia_id"),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: STATUS_WEBHOOK }).notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativa: timestamp("proxima_tentativa", { withTimezone: true }).notNull().defaultNow(),
    ultimoStatus: integer("ultimo_status"),
    ultimoErro: text("ultimo_erro"),
    entregueEm: timestamp("entregue_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_entregas_fila_idx").on(t.status, t.proximaTentativa),
    index("webhook_entregas_created_at_idx").on(t.createdAt.desc()),
    check("webhook_entregas_status_check", inList("status", STATUS_WEBHOOK)),
    check("webhook_entregas_tipo_check", inList("tipo", TIPOS_WEBHOOK)),
  ],
);

export type Produto = typeof produtos.$inferSelect;
export type Categoria = typeof categorias.$inferSelect;
export type Cupom = typeof cupons.$inferSelect;
export type BairroEntrega = typeof bairrosEntrega.$inferSelect;
export type Pedido = typeof pedidos.$inferSelect;
export type ItemPedido = typeof itensPedido.$inferSelect;
export type Cobranca = typeof cobrancas.$inferSelect;
export type PedidoServico = typeof pedidosServicos.$inferSelect;
export type Curriculo = typeof curriculos.$inferSelect;
export type Configuracoes = typeof configuracoes.$inferSelect;
export type Usuario = typeof usuarios.$inferSelect;
export type Sessao = typeof sessoes.$inferSelect;
export type AuditEntry = typeof adminAuditLog.$inferSelect;
export type RateLimit = typeof rateLimits.$inferSelect;
export type WebhookEntrega = typeof webhookEntregas.$inferSelect;
