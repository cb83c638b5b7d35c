ALTER TABLE "configuracoes" ADD COLUMN "webhook_servicos_ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "webhook_curriculos_ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "pix_desconto_percentual" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "desconto_pix" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_pix_desconto_check" CHECK ("configuracoes"."pix_desconto_percentual" >= 0 and "configuracoes"."pix_desconto_percentual" <= 50);--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_desconto_pix_check" CHECK ("pedidos"."desconto_pix" >= 0);