ALTER TABLE "cobrancas" DROP CONSTRAINT "cobrancas_origem_check";--> statement-breakpoint
ALTER TABLE "preferencias" ALTER COLUMN "pedido_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pacotes_pet" ADD COLUMN "aguardando_pagamento" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "pacote_pet_id" uuid;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "agendamento_id" uuid;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "valor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_pacote_pet_id_pacotes_pet_id_fk" FOREIGN KEY ("pacote_pet_id") REFERENCES "public"."pacotes_pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobrancas_pacote_pet_idx" ON "cobrancas" USING btree ("pacote_pet_id");--> statement-breakpoint
CREATE INDEX "preferencias_agendamento_idx" ON "preferencias" USING btree ("agendamento_id","created_at");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_origem_check" CHECK (num_nonnulls("cobrancas"."pedido_id", "cobrancas"."agendamento_id", "cobrancas"."pacote_pet_id") = 1);--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_origem_check" CHECK (("preferencias"."pedido_id" is null) <> ("preferencias"."agendamento_id" is null));