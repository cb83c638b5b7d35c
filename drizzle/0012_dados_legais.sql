ALTER TABLE "configuracoes" ADD COLUMN "razao_social" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "email_contato" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "encarregado_nome" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "encarregado_email" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "texto_privacidade" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "texto_trocas" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "texto_termos" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "retencao_meses" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_retencao_check" CHECK ("configuracoes"."retencao_meses" >= 1 and "configuracoes"."retencao_meses" <= 120);