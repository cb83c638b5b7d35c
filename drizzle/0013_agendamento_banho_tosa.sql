CREATE SEQUENCE "public"."agendamentos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "agendamento_pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"nome_chave" text NOT NULL,
	"especie" text NOT NULL,
	"raca" text,
	"porte" text NOT NULL,
	"pelagem" text NOT NULL,
	"alertas" text,
	"pontos" integer NOT NULL,
	"servicos" jsonb NOT NULL,
	"preco" numeric(12, 2) NOT NULL,
	CONSTRAINT "agendamento_pets_porte_check" CHECK (porte in ('P', 'M', 'G', 'GG')),
	CONSTRAINT "agendamento_pets_pelagem_check" CHECK (pelagem in ('curta', 'longa')),
	CONSTRAINT "agendamento_pets_especie_check" CHECK (especie in ('cao', 'gato'))
);
--> statement-breakpoint
CREATE TABLE "agendamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" text DEFAULT ('AGD' || lpad(nextval('agendamentos_numero_seq')::text, 6, '0')) NOT NULL,
	"unidade_id" uuid NOT NULL,
	"data" date NOT NULL,
	"horario" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"origem" text DEFAULT 'online' NOT NULL,
	"token_hash" text NOT NULL,
	"chave_envio" text,
	"nome_tutor" text NOT NULL,
	"whatsapp" text NOT NULL,
	"whatsapp_digitos" text NOT NULL,
	"email" text,
	"leva_traz" boolean DEFAULT false NOT NULL,
	"endereco" text,
	"bairro" text,
	"observacoes" text,
	"pedido_servico_id" uuid,
	"pontos" integer NOT NULL,
	"preco_estimado" numeric(12, 2) NOT NULL,
	"preco_final" numeric(12, 2),
	"historico" jsonb NOT NULL,
	"acima_capacidade" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agendamentos_status_check" CHECK (status in ('solicitado', 'confirmado', 'em_atendimento', 'pronto', 'entregue', 'cancelado', 'nao_compareceu')),
	CONSTRAINT "agendamentos_origem_check" CHECK ("agendamentos"."origem" in ('online', 'balcao')),
	CONSTRAINT "agendamentos_horario_check" CHECK ("agendamentos"."horario" ~ '^[0-2][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "agendas_banho" (
	"unidade_id" uuid PRIMARY KEY NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"horarios" jsonb NOT NULL,
	"capacidade_horario" integer NOT NULL,
	"capacidade_dia" integer NOT NULL,
	"pontos" jsonb NOT NULL,
	"limites_porte" jsonb NOT NULL,
	"antecedencia_horas" integer DEFAULT 2 NOT NULL,
	"dias_a_frente" integer DEFAULT 30 NOT NULL,
	"cancelamento_horas" integer DEFAULT 24 NOT NULL,
	"confirmar_em_horas" integer DEFAULT 12 NOT NULL,
	"status_inicial" text DEFAULT 'solicitado' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agendas_banho_valores_check" CHECK ("agendas_banho"."capacidade_horario" > 0 and "agendas_banho"."capacidade_dia" > 0 and "agendas_banho"."antecedencia_horas" >= 0
        and "agendas_banho"."dias_a_frente" between 1 and 365 and "agendas_banho"."cancelamento_horas" between 0 and 168
        and "agendas_banho"."confirmar_em_horas" between 1 and 168),
	CONSTRAINT "agendas_banho_status_check" CHECK ("agendas_banho"."status_inicial" in ('solicitado', 'confirmado'))
);
--> statement-breakpoint
CREATE TABLE "agendas_banho_fechadas" (
	"unidade_id" uuid NOT NULL,
	"data" date NOT NULL,
	"motivo" text,
	CONSTRAINT "agendas_banho_fechadas_unidade_id_data_pk" PRIMARY KEY("unidade_id","data")
);
--> statement-breakpoint
CREATE TABLE "servicos_banho" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"adicional" boolean DEFAULT false NOT NULL,
	"agendavel_online" boolean DEFAULT true NOT NULL,
	"exige_orcamento_primeira_vez" boolean DEFAULT false NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicos_banho_precos" (
	"servico_id" uuid NOT NULL,
	"porte" text NOT NULL,
	"pelagem" text NOT NULL,
	"preco" numeric(12, 2) NOT NULL,
	"duracao_minutos" integer NOT NULL,
	CONSTRAINT "servicos_banho_precos_servico_id_porte_pelagem_pk" PRIMARY KEY("servico_id","porte","pelagem"),
	CONSTRAINT "servicos_banho_precos_porte_check" CHECK (porte in ('P', 'M', 'G', 'GG')),
	CONSTRAINT "servicos_banho_precos_pelagem_check" CHECK (pelagem in ('curta', 'longa')),
	CONSTRAINT "servicos_banho_precos_valores_check" CHECK ("servicos_banho_precos"."preco" >= 0 and "servicos_banho_precos"."duracao_minutos" > 0 and "servicos_banho_precos"."duracao_minutos" <= 600)
);
--> statement-breakpoint
ALTER TABLE "pedidos_servicos" ADD COLUMN "preco_orcado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "agendamento_pets" ADD CONSTRAINT "agendamento_pets_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_pedido_servico_id_pedidos_servicos_id_fk" FOREIGN KEY ("pedido_servico_id") REFERENCES "public"."pedidos_servicos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas_banho" ADD CONSTRAINT "agendas_banho_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas_banho_fechadas" ADD CONSTRAINT "agendas_banho_fechadas_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicos_banho_precos" ADD CONSTRAINT "servicos_banho_precos_servico_id_servicos_banho_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos_banho"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamento_pets_agendamento_idx" ON "agendamento_pets" USING btree ("agendamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agendamentos_numero_idx" ON "agendamentos" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "agendamentos_chave_envio_idx" ON "agendamentos" USING btree ("chave_envio");--> statement-breakpoint
CREATE INDEX "agendamentos_unidade_data_idx" ON "agendamentos" USING btree ("unidade_id","data");--> statement-breakpoint
CREATE INDEX "agendamentos_whatsapp_idx" ON "agendamentos" USING btree ("whatsapp_digitos");--> statement-breakpoint
CREATE UNIQUE INDEX "servicos_banho_slug_idx" ON "servicos_banho" USING btree ("slug");