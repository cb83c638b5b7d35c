CREATE TABLE "preferencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"provedor" text NOT NULL,
	"externo_id" text NOT NULL,
	"init_point" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_provedor_check" CHECK (provedor in ('mercadopago'))
);
--> statement-breakpoint
ALTER TABLE "avisos" DROP CONSTRAINT "avisos_tipo_check";--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_forma_check";--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "cartao_ativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "cartao_parcelas_max" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "cartao_parcelas_sem_juros" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preferencias_idempotency_idx" ON "preferencias" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "preferencias_pedido_idx" ON "preferencias" USING btree ("pedido_id","created_at");--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_tipo_check" CHECK (tipo in ('pedido', 'servico', 'curriculo', 'pago_apos_cancelamento', 'contestacao'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_forma_check" CHECK (forma_pagamento in ('pix', 'pix_mercadopago', 'cartao_mercadopago', 'cartao', 'dinheiro', 'cartao_entrega', 'balcao'));--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_cartao_parcelas_check" CHECK ("configuracoes"."cartao_parcelas_max" between 1 and 12 and "configuracoes"."cartao_parcelas_sem_juros" between 1 and "configuracoes"."cartao_parcelas_max");