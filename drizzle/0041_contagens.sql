CREATE TABLE "contagem_itens" (
	"contagem_id" uuid NOT NULL,
	"variante_id" uuid NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"contado_por" text[] DEFAULT '{}'::text[] NOT NULL,
	"primeira_em" timestamp with time zone NOT NULL,
	"ultima_em" timestamp with time zone NOT NULL,
	"em_maos_na_contagem" integer NOT NULL,
	"em_maos_na_ultima" integer NOT NULL,
	"em_maos_antes" integer,
	"em_maos_depois" integer,
	"limitado_ao_reservado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "contagem_itens_contagem_id_variante_id_pk" PRIMARY KEY("contagem_id","variante_id"),
	CONSTRAINT "contagem_itens_quantidade_check" CHECK ("contagem_itens"."quantidade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contagem_leituras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contagem_id" uuid NOT NULL,
	"variante_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"quantidade" integer NOT NULL,
	"usuario_email" text NOT NULL,
	"em_maos" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contagem_leituras_quantidade_check" CHECK ("contagem_leituras"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "contagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unidade_id" uuid NOT NULL,
	"escopo" text DEFAULT 'tudo' NOT NULL,
	"categoria_id" uuid,
	"marca" text,
	"cega" boolean DEFAULT true NOT NULL,
	"estado" text DEFAULT 'aberta' NOT NULL,
	"aberta_por" text,
	"aberta_em" timestamp with time zone DEFAULT now() NOT NULL,
	"aplicada_por" text,
	"aplicada_em" timestamp with time zone,
	"cancelada_por" text,
	"cancelada_em" timestamp with time zone,
	CONSTRAINT "contagens_escopo_check" CHECK (escopo in ('tudo', 'categoria', 'marca')),
	CONSTRAINT "contagens_estado_check" CHECK (estado in ('aberta', 'aplicada', 'cancelada')),
	CONSTRAINT "contagens_escopo_alvo_check" CHECK (("contagens"."escopo" <> 'categoria' or "contagens"."categoria_id" is not null) and ("contagens"."escopo" <> 'marca' or "contagens"."marca" is not null))
);
--> statement-breakpoint
ALTER TABLE "contagem_itens" ADD CONSTRAINT "contagem_itens_contagem_id_contagens_id_fk" FOREIGN KEY ("contagem_id") REFERENCES "public"."contagens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contagem_itens" ADD CONSTRAINT "contagem_itens_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contagem_leituras" ADD CONSTRAINT "contagem_leituras_contagem_id_contagens_id_fk" FOREIGN KEY ("contagem_id") REFERENCES "public"."contagens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contagem_leituras" ADD CONSTRAINT "contagem_leituras_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contagens" ADD CONSTRAINT "contagens_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contagens" ADD CONSTRAINT "contagens_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contagem_leituras_contagem_idx" ON "contagem_leituras" USING btree ("contagem_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contagem_leituras_usuario_idx" ON "contagem_leituras" USING btree ("contagem_id","usuario_email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contagens_unidade_idx" ON "contagens" USING btree ("unidade_id","estado","aberta_em" DESC NULLS LAST);