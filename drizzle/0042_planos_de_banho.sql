CREATE TABLE "lembretes_reagendar" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"pet_id" uuid,
	"enviado_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacote_usos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pacote_pet_id" uuid NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"agendamento_pet_id" uuid NOT NULL,
	"usado_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacotes_banho" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"servico_ids" jsonb NOT NULL,
	"porte" text,
	"pelagem" text,
	"preco" numeric(12, 2) NOT NULL,
	"sessoes" integer NOT NULL,
	"validade_dias" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pacotes_banho_valores_check" CHECK ("pacotes_banho"."preco" > 0 and "pacotes_banho"."sessoes" between 1 and 52 and "pacotes_banho"."validade_dias" between 1 and 730)
);
--> statement-breakpoint
CREATE TABLE "pacotes_pet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pacote_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"unidade_id" uuid,
	"nome" text NOT NULL,
	"servico_ids" jsonb NOT NULL,
	"preco" numeric(12, 2) NOT NULL,
	"sessoes" integer NOT NULL,
	"usadas" integer DEFAULT 0 NOT NULL,
	"valido_ate" date NOT NULL,
	"vendido_em" timestamp with time zone NOT NULL,
	"vendido_por" uuid,
	"aviso_vencimento_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pacotes_pet_usadas_check" CHECK ("pacotes_pet"."usadas" >= 0 and "pacotes_pet"."usadas" <= "pacotes_pet"."sessoes")
);
--> statement-breakpoint
CREATE TABLE "series_agendamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unidade_id" uuid NOT NULL,
	"pet_id" uuid,
	"nome_pet" text NOT NULL,
	"intervalo_dias" integer NOT NULL,
	"horario" text NOT NULL,
	"primeira_data" date NOT NULL,
	"ocorrencias" integer NOT NULL,
	"ate_data" date,
	"servico_ids" jsonb NOT NULL,
	"origem" text NOT NULL,
	"criada_por" uuid,
	"encerrada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_agendamento_valores_check" CHECK ("series_agendamento"."intervalo_dias" in (7, 14, 21, 28) and "series_agendamento"."ocorrencias" between 1 and 26
        and "series_agendamento"."origem" in ('balcao', 'conta'))
);
--> statement-breakpoint
ALTER TABLE "recebimentos" DROP CONSTRAINT "recebimentos_origem_check";--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "serie_id" uuid;--> statement-breakpoint
ALTER TABLE "servicos_banho" ADD COLUMN "intervalo_padrao_dias" integer;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD COLUMN "pacote_pet_id" uuid;--> statement-breakpoint
ALTER TABLE "lembretes_reagendar" ADD CONSTRAINT "lembretes_reagendar_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lembretes_reagendar" ADD CONSTRAINT "lembretes_reagendar_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacote_usos" ADD CONSTRAINT "pacote_usos_pacote_pet_id_pacotes_pet_id_fk" FOREIGN KEY ("pacote_pet_id") REFERENCES "public"."pacotes_pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacote_usos" ADD CONSTRAINT "pacote_usos_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacote_usos" ADD CONSTRAINT "pacote_usos_agendamento_pet_id_agendamento_pets_id_fk" FOREIGN KEY ("agendamento_pet_id") REFERENCES "public"."agendamento_pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes_pet" ADD CONSTRAINT "pacotes_pet_pacote_id_pacotes_banho_id_fk" FOREIGN KEY ("pacote_id") REFERENCES "public"."pacotes_banho"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes_pet" ADD CONSTRAINT "pacotes_pet_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes_pet" ADD CONSTRAINT "pacotes_pet_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes_pet" ADD CONSTRAINT "pacotes_pet_vendido_por_usuarios_id_fk" FOREIGN KEY ("vendido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_agendamento" ADD CONSTRAINT "series_agendamento_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_agendamento" ADD CONSTRAINT "series_agendamento_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_agendamento" ADD CONSTRAINT "series_agendamento_criada_por_usuarios_id_fk" FOREIGN KEY ("criada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lembretes_reagendar_agendamento_idx" ON "lembretes_reagendar" USING btree ("agendamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pacote_usos_agendamento_pet_idx" ON "pacote_usos" USING btree ("agendamento_pet_id");--> statement-breakpoint
CREATE INDEX "pacote_usos_agendamento_idx" ON "pacote_usos" USING btree ("agendamento_id");--> statement-breakpoint
CREATE INDEX "pacote_usos_pacote_idx" ON "pacote_usos" USING btree ("pacote_pet_id");--> statement-breakpoint
CREATE INDEX "pacotes_pet_pet_idx" ON "pacotes_pet" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "series_agendamento_pet_idx" ON "series_agendamento" USING btree ("pet_id");--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_serie_id_series_agendamento_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."series_agendamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_pacote_pet_id_pacotes_pet_id_fk" FOREIGN KEY ("pacote_pet_id") REFERENCES "public"."pacotes_pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_serie_idx" ON "agendamentos" USING btree ("serie_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recebimentos_pacote_idx" ON "recebimentos" USING btree ("pacote_pet_id");--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_origem_check" CHECK (num_nonnulls("recebimentos"."pedido_id", "recebimentos"."agendamento_id", "recebimentos"."pacote_pet_id") = 1);