ALTER TABLE "cobrancas" ALTER COLUMN "pedido_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "agendamento_id" uuid;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobrancas_agendamento_idx" ON "cobrancas" USING btree ("agendamento_id");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_origem_check" CHECK (("cobrancas"."pedido_id" is null) <> ("cobrancas"."agendamento_id" is null));