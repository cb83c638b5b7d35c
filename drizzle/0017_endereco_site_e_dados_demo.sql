ALTER TABLE "configuracoes" ADD COLUMN "endereco_site" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "dados_demo" text;