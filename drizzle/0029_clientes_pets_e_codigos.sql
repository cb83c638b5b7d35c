CREATE TABLE "avisos_chegada" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variante_id" uuid NOT NULL,
	"email" text NOT NULL,
	"cliente_id" uuid,
	"consentido_em" timestamp with time zone NOT NULL,
	"avisado_em" timestamp with time zone,
	"cancelado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"telefone" text,
	"anonimizado_em" timestamp with time zone,
	"ultimo_acesso_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consentimentos_clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"finalidade" text NOT NULL,
	"concedido" boolean NOT NULL,
	"origem" text NOT NULL,
	"alterado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimentos_finalidade_check" CHECK (finalidade in ('pedidos', 'agendamentos', 'estoque', 'novidades'))
);
--> statement-breakpoint
CREATE TABLE "enderecos_clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"apelido" text,
	"cep" text,
	"logradouro" text NOT NULL,
	"numero" text NOT NULL,
	"complemento" text,
	"bairro_id" uuid,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"referencia" text,
	"usado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"texto" text NOT NULL,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_pesos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"gramas" integer NOT NULL,
	"medido_em" timestamp with time zone NOT NULL,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_pesos_gramas_check" CHECK ("pet_pesos"."gramas" > 0 and "pet_pesos"."gramas" <= 150000)
);
--> statement-breakpoint
CREATE TABLE "pet_vacinas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"aplicada_em" date NOT NULL,
	"valida_ate" date,
	"comprovante_key" text,
	"situacao" text DEFAULT 'enviada' NOT NULL,
	"conferida_por" uuid,
	"conferida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_vacinas_situacao_check" CHECK (situacao in ('enviada', 'conferida'))
);
--> statement-breakpoint
CREATE TABLE "pets_clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cliente_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"especie" text NOT NULL,
	"raca" text,
	"porte" text NOT NULL,
	"pelagem" text NOT NULL,
	"porte_a_confirmar" boolean DEFAULT true NOT NULL,
	"nascimento" date,
	"sexo" text,
	"castrado" boolean,
	"alertas" text,
	"veterinario_nome" text,
	"veterinario_telefone" text,
	"rg_pet" text,
	"foto_key" text,
	"mesclado_em" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_clientes_especie_check" CHECK (especie in ('cao', 'gato')),
	CONSTRAINT "pets_clientes_porte_check" CHECK (porte in ('P', 'M', 'G', 'GG')),
	CONSTRAINT "pets_clientes_pelagem_check" CHECK (pelagem in ('curta', 'longa')),
	CONSTRAINT "pets_clientes_sexo_check" CHECK ("pets_clientes"."sexo" is null or sexo in ('macho', 'femea'))
);
--> statement-breakpoint
CREATE TABLE "sessoes_clientes" (
	"id" text PRIMARY KEY NOT NULL,
	"cliente_id" uuid NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finalidade" text NOT NULL,
	"chave" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agendamento_pets" ADD COLUMN "pet_id" uuid;--> statement-breakpoint
ALTER TABLE "agendamento_pets" ADD COLUMN "porte_a_confirmar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "avisos_chegada" ADD CONSTRAINT "avisos_chegada_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_chegada" ADD CONSTRAINT "avisos_chegada_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimentos_clientes" ADD CONSTRAINT "consentimentos_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enderecos_clientes" ADD CONSTRAINT "enderecos_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enderecos_clientes" ADD CONSTRAINT "enderecos_clientes_bairro_id_bairros_entrega_id_fk" FOREIGN KEY ("bairro_id") REFERENCES "public"."bairros_entrega"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_notas" ADD CONSTRAINT "pet_notas_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_notas" ADD CONSTRAINT "pet_notas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_pesos" ADD CONSTRAINT "pet_pesos_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_pesos" ADD CONSTRAINT "pet_pesos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_vacinas" ADD CONSTRAINT "pet_vacinas_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_vacinas" ADD CONSTRAINT "pet_vacinas_conferida_por_usuarios_id_fk" FOREIGN KEY ("conferida_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets_clientes" ADD CONSTRAINT "pets_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes_clientes" ADD CONSTRAINT "sessoes_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_chegada_aberto_idx" ON "avisos_chegada" USING btree ("variante_id","email") WHERE "avisos_chegada"."avisado_em" is null and "avisos_chegada"."cancelado_em" is null;--> statement-breakpoint
CREATE INDEX "avisos_chegada_variante_idx" ON "avisos_chegada" USING btree ("variante_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_email_idx" ON "clientes" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "consentimentos_clientes_idx" ON "consentimentos_clientes" USING btree ("cliente_id","finalidade");--> statement-breakpoint
CREATE INDEX "enderecos_clientes_cliente_idx" ON "enderecos_clientes" USING btree ("cliente_id","usado_em");--> statement-breakpoint
CREATE INDEX "pet_notas_pet_idx" ON "pet_notas" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "pet_pesos_pet_idx" ON "pet_pesos" USING btree ("pet_id","medido_em");--> statement-breakpoint
CREATE INDEX "pet_vacinas_pet_idx" ON "pet_vacinas" USING btree ("pet_id","valida_ate");--> statement-breakpoint
CREATE INDEX "pets_clientes_cliente_idx" ON "pets_clientes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "sessoes_clientes_cliente_idx" ON "sessoes_clientes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "sessoes_clientes_expires_idx" ON "sessoes_clientes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "codigos_acesso_chave_idx" ON "codigos_acesso" USING btree ("finalidade","chave","created_at");--> statement-breakpoint
ALTER TABLE "agendamento_pets" ADD CONSTRAINT "agendamento_pets_pet_id_pets_clientes_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets_clientes"("id") ON DELETE set null ON UPDATE no action;