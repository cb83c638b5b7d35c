CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"pedido_id" uuid,
	"dados" jsonb,
	"origem" text,
	"assunto" text,
	"html" text,
	"texto" text,
	"imagens" jsonb,
	"cabecalhos" jsonb,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"erro" text,
	"arquivo" text,
	"enviado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emails_status_check" CHECK (status in ('pendente', 'enviado', 'arquivado', 'falhou', 'descartado'))
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "emails_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "email_novos_pedidos" text;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "cnpj" text;--> statement-breakpoint
CREATE INDEX "emails_fila_idx" ON "emails" USING btree ("status","proxima_tentativa");--> statement-breakpoint
CREATE INDEX "emails_created_at_idx" ON "emails" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_pedido_idx" ON "emails" USING btree ("pedido_id");