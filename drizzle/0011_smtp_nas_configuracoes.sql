ALTER TABLE "configuracoes" ADD COLUMN "smtp_host" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "smtp_porta" integer;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "smtp_usuario" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "smtp_senha" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "email_remetente" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_smtp_porta_check" CHECK ("configuracoes"."smtp_porta" is null or ("configuracoes"."smtp_porta" between 1 and 65535));