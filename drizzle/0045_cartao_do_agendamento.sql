ALTER TABLE "preferencias" ALTER COLUMN "pedido_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "agendamento_id" uuid;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "valor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preferencias_agendamento_idx" ON "preferencias" USING btree ("agendamento_id","created_at");--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_origem_check" CHECK (("preferencias"."pedido_id" is null) <> ("preferencias"."agendamento_id" is null));