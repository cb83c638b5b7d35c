CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid,
	"action" text NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bairros_entrega" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"taxa_entrega" numeric(12, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bairros_entrega_taxa_check" CHECK ("bairros_entrega"."taxa_entrega" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracoes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"webhook_url" text,
	"webhook_curriculos" text,
	"webhook_servicos" text,
	"webhook_ativo" boolean DEFAULT true NOT NULL,
	"webhook_secret" text,
	"whatsapp_numero" text,
	"whatsapp_ativo" boolean DEFAULT false NOT NULL,
	"taxa_entrega_padrao" numeric(12, 2) DEFAULT 0 NOT NULL,
	"frete_gratis_minimo" numeric(12, 2) DEFAULT 40.00 NOT NULL,
	"pix_manual_ativo" boolean DEFAULT false NOT NULL,
	"pix_chave" text,
	"pix_nome_recebedor" text,
	"pix_cidade" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configuracoes_single_row_check" CHECK ("configuracoes"."id" = 1),
	CONSTRAINT "configuracoes_valores_check" CHECK ("configuracoes"."taxa_entrega_padrao" >= 0 and "configuracoes"."frete_gratis_minimo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"tipo" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"pedido_minimo" numeric(12, 2),
	"valido_ate" timestamp with time zone,
	"limite_usos" integer,
	"usos" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupons_codigo_upper_check" CHECK ("cupons"."codigo" = upper("cupons"."codigo")),
	CONSTRAINT "cupons_tipo_check" CHECK (tipo in ('percentual', 'valor')),
	CONSTRAINT "cupons_valor_check" CHECK ("cupons"."valor" > 0),
	CONSTRAINT "cupons_percentual_check" CHECK ("cupons"."tipo" <> 'percentual' or "cupons"."valor" <= 100),
	CONSTRAINT "cupons_pedido_minimo_check" CHECK ("cupons"."pedido_minimo" is null or "cupons"."pedido_minimo" >= 0),
	CONSTRAINT "cupons_limite_check" CHECK ("cupons"."limite_usos" is null or "cupons"."limite_usos" > 0),
	CONSTRAINT "cupons_usos_check" CHECK ("cupons"."usos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "curriculos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome_completo" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text NOT NULL,
	"vaga" text NOT NULL,
	"mensagem" text DEFAULT '' NOT NULL,
	"curriculo_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'novo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curriculos_status_check" CHECK (status in ('novo', 'visto', 'respondido', 'arquivado')),
	CONSTRAINT "curriculos_vaga_check" CHECK (vaga in ('vendedor', 'banho-tosa', 'caixa', 'auxiliar'))
);
--> statement-breakpoint
CREATE TABLE "itens_pedido" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"produto_id" uuid,
	"produto_nome" text NOT NULL,
	"produto_preco" numeric(12, 2) NOT NULL,
	"quantidade" integer NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	CONSTRAINT "itens_pedido_quantidade_check" CHECK ("itens_pedido"."quantidade" > 0),
	CONSTRAINT "itens_pedido_valores_check" CHECK ("itens_pedido"."produto_preco" >= 0 and "itens_pedido"."subtotal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero_pedido" text NOT NULL,
	"token_hash" text NOT NULL,
	"idempotency_key" text,
	"cliente_nome" text NOT NULL,
	"cliente_telefone" text NOT NULL,
	"cliente_endereco" text NOT NULL,
	"cliente_bairro" text NOT NULL,
	"cliente_referencia" text,
	"janela_entrega" text NOT NULL,
	"observacoes" text,
	"subtotal" numeric(12, 2) NOT NULL,
	"taxa_entrega" numeric(12, 2) NOT NULL,
	"desconto" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"cupom_codigo" text,
	"cupom_id" uuid,
	"forma_pagamento" text NOT NULL,
	"troco_para" numeric(12, 2),
	"status_pedido" text DEFAULT 'novo' NOT NULL,
	"status_pagamento" text DEFAULT 'aguardando' NOT NULL,
	"estoque_devolvido" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_status_check" CHECK (status_pedido in ('novo', 'preparo', 'saiu_entrega', 'entregue', 'cancelado')),
	CONSTRAINT "pedidos_pagamento_check" CHECK (status_pagamento in ('aguardando', 'pago', 'falhou', 'reembolsado')),
	CONSTRAINT "pedidos_forma_check" CHECK (forma_pagamento in ('pix', 'pix_mercadopago', 'cartao', 'dinheiro', 'cartao_entrega')),
	CONSTRAINT "pedidos_janela_check" CHECK (janela_entrega in ('manha', 'tarde', 'noite')),
	CONSTRAINT "pedidos_valores_check" CHECK ("pedidos"."subtotal" >= 0 and "pedidos"."taxa_entrega" >= 0 and "pedidos"."desconto" >= 0 and "pedidos"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos_servicos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero_pedido" text NOT NULL,
	"status" text DEFAULT 'aguardando_orcamento' NOT NULL,
	"tipo_servico" text NOT NULL,
	"nome_tutor" text NOT NULL,
	"whatsapp" text NOT NULL,
	"nome_pet" text NOT NULL,
	"raca_porte" text NOT NULL,
	"data_desejada" date,
	"horario_desejado" text,
	"leva_traz" boolean DEFAULT false NOT NULL,
	"endereco" text,
	"bairro" text,
	"referencia" text,
	"observacoes" text,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_servicos_status_check" CHECK (status in ('aguardando_orcamento', 'orcamento_enviado', 'confirmado', 'concluido', 'cancelado')),
	CONSTRAINT "pedidos_servicos_tipo_check" CHECK (tipo_servico in ('plano_banho', 'banho_fitoterapico', 'banho_tosa'))
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao_curta" text,
	"categoria_id" uuid NOT NULL,
	"preco_atual" numeric(12, 2) NOT NULL,
	"preco_antes" numeric(12, 2),
	"preco_custo" numeric(12, 2),
	"estoque" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"marca" text,
	"subgrupo" text,
	"unidade" text DEFAULT 'UN' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"imagem_url" text,
	"busca" text DEFAULT '' NOT NULL,
	"excluido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_preco_atual_check" CHECK ("produtos"."preco_atual" >= 0),
	CONSTRAINT "produtos_preco_antes_check" CHECK ("produtos"."preco_antes" is null or "produtos"."preco_antes" >= 0),
	CONSTRAINT "produtos_preco_custo_check" CHECK ("produtos"."preco_custo" is null or "produtos"."preco_custo" >= 0),
	CONSTRAINT "produtos_estoque_check" CHECK ("produtos"."estoque" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation" text NOT NULL,
	"identifier" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"first_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"mfa_pendente" boolean DEFAULT false NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"totp_ativo" boolean DEFAULT false NOT NULL,
	"codigos_recuperacao" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_email_lower_check" CHECK ("usuarios"."email" = lower("usuarios"."email"))
);
--> statement-breakpoint
CREATE TABLE "webhook_entregas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"referencia_id" text,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_status" integer,
	"ultimo_erro" text,
	"entregue_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_entregas_status_check" CHECK (status in ('pendente', 'entregue', 'falhou')),
	CONSTRAINT "webhook_entregas_tipo_check" CHECK (tipo in ('pedido', 'servico', 'curriculo', 'teste'))
);
--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD CONSTRAINT "itens_pedido_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD CONSTRAINT "itens_pedido_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cupom_id_cupons_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action");--> statement-breakpoint
CREATE UNIQUE INDEX "bairros_entrega_nome_lower_idx" ON "bairros_entrega" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nome_lower_idx" ON "categorias" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "cupons_codigo_idx" ON "cupons" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "curriculos_created_at_idx" ON "curriculos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "curriculos_status_idx" ON "curriculos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "itens_pedido_pedido_idx" ON "itens_pedido" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "itens_pedido_produto_idx" ON "itens_pedido" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_numero_idx" ON "pedidos" USING btree ("numero_pedido");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_idempotency_idx" ON "pedidos" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "pedidos_created_at_idx" ON "pedidos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_status_idx" ON "pedidos" USING btree ("status_pedido","status_pagamento");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_servicos_numero_idx" ON "pedidos_servicos" USING btree ("numero_pedido");--> statement-breakpoint
CREATE INDEX "pedidos_servicos_created_at_idx" ON "pedidos_servicos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_servicos_status_idx" ON "pedidos_servicos" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_sku_idx" ON "produtos" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "produtos_loja_idx" ON "produtos" USING btree ("ativo","nome");--> statement-breakpoint
CREATE INDEX "produtos_created_at_idx" ON "produtos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "produtos_categoria_idx" ON "produtos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "produtos_nome_lower_idx" ON "produtos" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_operation_identifier_idx" ON "rate_limits" USING btree ("operation","identifier");--> statement-breakpoint
CREATE INDEX "rate_limits_last_attempt_idx" ON "rate_limits" USING btree ("last_attempt" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessoes_usuario_idx" ON "sessoes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sessoes_expires_idx" ON "sessoes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_idx" ON "usuarios" USING btree ("email");--> statement-breakpoint
CREATE INDEX "webhook_entregas_fila_idx" ON "webhook_entregas" USING btree ("status","proxima_tentativa");--> statement-breakpoint
CREATE INDEX "webhook_entregas_created_at_idx" ON "webhook_entregas" USING btree ("created_at" DESC NULLS LAST);