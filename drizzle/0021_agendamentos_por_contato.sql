ALTER TABLE "agendas_banho" DROP CONSTRAINT "agendas_banho_valores_check";--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "ip_hash" text;--> statement-breakpoint
UPDATE "agendas_banho" SET "confirmar_em_horas" = 24 WHERE "confirmar_em_horas" > 24;--> statement-breakpoint
CREATE INDEX "agendamentos_email_idx" ON "agendamentos" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "agendas_banho" ADD CONSTRAINT "agendas_banho_valores_check" CHECK ("agendas_banho"."capacidade_horario" > 0 and "agendas_banho"."capacidade_dia" > 0 and "agendas_banho"."antecedencia_horas" >= 0
        and "agendas_banho"."dias_a_frente" between 1 and 365 and "agendas_banho"."cancelamento_horas" between 0 and 168
        and "agendas_banho"."confirmar_em_horas" between 1 and 24);