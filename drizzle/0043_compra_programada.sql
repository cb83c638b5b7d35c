CREATE TABLE "assinaturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"unidade_id" uuid,
	"modo" text NOT NULL,
	"nome" text NOT NULL,
	"telefone" text NOT NULL,
	"endereco" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"referencia" text,
	"cep" text,
	"janela_entrega" text,
	"taxa_aceita" numeric(12, 2),
	"forma_pagamento" text NOT NULL,
	"intervalo_dias" integer NOT NULL,
	"proxima_data" date NOT NULL,
	"estado" text DEFAULT 'ativa' NOT NULL,
	"pausada_ate" date,
	"lembretes" boolean DEFAULT true NOT NULL,
	"termos_versao" text NOT NULL,
	"termos_aceitos_em" timestamp with time zone NOT NULL,
	"falhas_seguidas" integer DEFAULT 0 NOT NULL,
	"cancelada_em" timestamp with time zone,
	"protocolo_cancelamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_estado_check" CHECK (estado in ('ativa', 'pausada', 'cancelada')),
	CONSTRAINT "assinaturas_intervalo_check" CHECK ("assinaturas"."intervalo_dias" between 15 and 90),
	CONSTRAINT "assinaturas_modo_check" CHECK (modo in ('entrega', 'retirada'))
);
--> statement-breakpoint
CREATE TABLE "ciclos_assinatura" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assinatura_id" uuid NOT NULL,
	"data" date NOT NULL,
	"estado" text NOT NULL,
	"motivo" text,
	"pedido_id" uuid,
	"lembrado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ciclos_assinatura_estado_check" CHECK (estado in ('lembrado', 'pulado', 'pedido_criado', 'aguardando_cliente', 'pago', 'expirado'))
);
--> statement-breakpoint
CREATE TABLE "descontos_assinatura" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid,
	"categoria_id" uuid,
	"percentual" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "descontos_assinatura_alvo_check" CHECK (("descontos_assinatura"."produto_id" is null) <> ("descontos_assinatura"."categoria_id" is null)),
	CONSTRAINT "descontos_assinatura_percentual_check" CHECK ("descontos_assinatura"."percentual" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "itens_assinatura" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assinatura_id" uuid NOT NULL,
	"variante_id" uuid NOT NULL,
	"quantidade" integer NOT NULL,
	"preco_aceito" numeric(12, 2) NOT NULL,
	CONSTRAINT "itens_assinatura_quantidade_check" CHECK ("itens_assinatura"."quantidade" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "compra_programada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ciclos_assinatura" ADD CONSTRAINT "ciclos_assinatura_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ciclos_assinatura" ADD CONSTRAINT "ciclos_assinatura_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descontos_assinatura" ADD CONSTRAINT "descontos_assinatura_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descontos_assinatura" ADD CONSTRAINT "descontos_assinatura_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_assinatura" ADD CONSTRAINT "itens_assinatura_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_assinatura" ADD CONSTRAINT "itens_assinatura_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assinaturas_cliente_idx" ON "assinaturas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "assinaturas_proxima_idx" ON "assinaturas" USING btree ("estado","proxima_data");--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_protocolo_idx" ON "assinaturas" USING btree ("protocolo_cancelamento");--> statement-breakpoint
CREATE UNIQUE INDEX "ciclos_assinatura_data_idx" ON "ciclos_assinatura" USING btree ("assinatura_id","data");--> statement-breakpoint
CREATE INDEX "ciclos_assinatura_pedido_idx" ON "ciclos_assinatura" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "descontos_assinatura_produto_idx" ON "descontos_assinatura" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "descontos_assinatura_categoria_idx" ON "descontos_assinatura" USING btree ("categoria_id");--> statement-breakpoint
CREATE UNIQUE INDEX "itens_assinatura_variante_idx" ON "itens_assinatura" USING btree ("assinatura_id","variante_id");