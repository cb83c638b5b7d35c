CREATE TABLE "codigos_tutor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"whatsapp_digitos" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "lembrete_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos_servicos" ADD COLUMN "servicos_orcados" jsonb;--> statement-breakpoint
ALTER TABLE "pedidos_servicos" ADD COLUMN "porte_orcado" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "agendamento_id" uuid;--> statement-breakpoint
CREATE INDEX "codigos_tutor_whatsapp_idx" ON "codigos_tutor" USING btree ("whatsapp_digitos","created_at");--> statement-breakpoint
CREATE INDEX "emails_agendamento_idx" ON "emails" USING btree ("agendamento_id");