CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"counts" jsonb,
	"error" text,
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" is null or outcome in ('ok', 'failed', 'timeout'))
);
--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "retencao_envios_dias" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_retencao_envios_check" CHECK ("configuracoes"."retencao_envios_dias" >= 7 and "configuracoes"."retencao_envios_dias" <= 3650);