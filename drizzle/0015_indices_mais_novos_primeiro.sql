-- Newest-first lists off their index (decision 0048): Drizzle built created_at DESC NULLS LAST,
-- while ORDER BY created_at DESC means NULLS FIRST, so the planner read and sorted the whole
-- table. Rebuilt as (created_at DESC, id DESC), the lists' order with its tie-break; and a
-- partial index for the security events /admin/security counts.
DROP INDEX "admin_audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "curriculos_created_at_idx";--> statement-breakpoint
DROP INDEX "produtos_created_at_idx";--> statement-breakpoint
DROP INDEX "pedidos_created_at_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_seguranca_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE coalesce("admin_audit_log"."details" ->> 'security_event', 'false') <> 'false';--> statement-breakpoint
CREATE INDEX "variantes_sku_lower_idx" ON "variantes" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "curriculos_created_at_idx" ON "curriculos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "produtos_created_at_idx" ON "produtos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pedidos_created_at_idx" ON "pedidos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Grooming requests too (written by hand: its schema line is the grooming module's, changed
-- apart); the same order as the others, so the board's page comes off the index.
DROP INDEX "pedidos_servicos_created_at_idx";--> statement-breakpoint
CREATE INDEX "pedidos_servicos_created_at_idx" ON "pedidos_servicos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
