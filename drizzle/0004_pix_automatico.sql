CREATE TABLE "cobrancas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"provedor" text NOT NULL,
	"externo_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"status_provedor" text,
	"valor" numeric(12, 2) NOT NULL,
	"qr_code" text,
	"qr_code_base64" text,
	"ticket_url" text,
	"expira_em" timestamp with time zone,
	"pago_em" timestamp with time zone,
	"reembolsado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobrancas_provedor_check" CHECK (provedor in ('mercadopago')),
	CONSTRAINT "cobrancas_status_check" CHECK (status in ('pendente', 'paga', 'cancelada', 'expirada', 'falhou', 'reembolsada')),
	CONSTRAINT "cobrancas_valor_check" CHECK ("cobrancas"."valor" > 0)
);
--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "mercadopago_ativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "mercadopago_access_token" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "mercadopago_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "pix_expiracao_minutos" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_externo_idx" ON "cobrancas" USING btree ("provedor","externo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_idempotency_idx" ON "cobrancas" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "cobrancas_pedido_idx" ON "cobrancas" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "cobrancas_status_idx" ON "cobrancas" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_pix_expiracao_check" CHECK ("configuracoes"."pix_expiracao_minutos" >= 30 and "configuracoes"."pix_expiracao_minutos" <= 1440);