ALTER TABLE "cobrancas" ADD COLUMN "meio" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "valor_reembolsado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "contestada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_meio_check" CHECK (meio in ('pix', 'cartao'));--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_parcelas_check" CHECK ("cobrancas"."parcelas" is null or "cobrancas"."parcelas" between 1 and 24);