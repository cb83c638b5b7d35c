ALTER TABLE "preferencias" DROP CONSTRAINT "preferencias_origem_check";--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "pacote_pet_id" uuid;--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_pacote_pet_id_pacotes_pet_id_fk" FOREIGN KEY ("pacote_pet_id") REFERENCES "public"."pacotes_pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preferencias_pacote_pet_idx" ON "preferencias" USING btree ("pacote_pet_id","created_at");--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_origem_check" CHECK (num_nonnulls("preferencias"."pedido_id", "preferencias"."agendamento_id", "preferencias"."pacote_pet_id") = 1);