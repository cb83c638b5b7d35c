CREATE TABLE "eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "resource_type" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "resource_id" text;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD COLUMN "resource_type" text;--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD COLUMN "resource_id" text;--> statement-breakpoint
CREATE INDEX "eventos_resource_idx" ON "eventos" USING btree ("resource_type","resource_id");--> statement-breakpoint
CREATE INDEX "eventos_created_at_idx" ON "eventos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "emails_resource_idx" ON "emails" USING btree ("resource_type","resource_id");--> statement-breakpoint
CREATE INDEX "webhook_entregas_resource_idx" ON "webhook_entregas" USING btree ("resource_type","resource_id");--> statement-breakpoint
-- Decision 0061: a delivery names what it is about as resource_type + resource_id, whichever
-- module queued it, instead of one column per sender. The existing rows keep their subject.
UPDATE "emails" SET "resource_type" = 'pedido', "resource_id" = "pedido_id"::text WHERE "pedido_id" IS NOT NULL;--> statement-breakpoint
UPDATE "emails" SET "resource_type" = 'agendamento', "resource_id" = "agendamento_id"::text WHERE "agendamento_id" IS NOT NULL AND "pedido_id" IS NULL;--> statement-breakpoint
UPDATE "webhook_entregas" SET "resource_type" = CASE "tipo" WHEN 'pedido' THEN 'pedido' WHEN 'servico' THEN 'pedido_servico' WHEN 'curriculo' THEN 'curriculo' END, "resource_id" = "referencia_id" WHERE "referencia_id" IS NOT NULL AND "tipo" <> 'teste';--> statement-breakpoint
DROP INDEX "emails_pedido_idx";--> statement-breakpoint
DROP INDEX "emails_agendamento_idx";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "pedido_id";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "agendamento_id";--> statement-breakpoint
ALTER TABLE "webhook_entregas" DROP COLUMN "referencia_id";
