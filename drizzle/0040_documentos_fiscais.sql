CREATE TABLE "codigos_fornecedor" (
	"emitente_cnpj" text NOT NULL,
	"codigo" text NOT NULL,
	"variante_id" uuid NOT NULL,
	"fator" integer DEFAULT 1 NOT NULL,
	"descricao" text,
	"atualizado_por" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_fornecedor_emitente_cnpj_codigo_pk" PRIMARY KEY("emitente_cnpj","codigo"),
	CONSTRAINT "codigos_fornecedor_fator_check" CHECK ("codigos_fornecedor"."fator" >= 1 and "codigos_fornecedor"."fator" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "documentos_fiscais" (
	"chave_acesso" text PRIMARY KEY NOT NULL,
	"modelo" text NOT NULL,
	"tipo" text NOT NULL,
	"unidade_id" uuid NOT NULL,
	"emitente_cnpj" text NOT NULL,
	"emitente_nome" text NOT NULL,
	"numero" integer NOT NULL,
	"serie" integer NOT NULL,
	"emitida_em" timestamp with time zone NOT NULL,
	"valor_total" numeric(12, 2) NOT NULL,
	"aplicada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"aplicada_por" text,
	"cancelada_em" timestamp with time zone,
	CONSTRAINT "documentos_fiscais_modelo_check" CHECK (modelo in ('55', '65')),
	CONSTRAINT "documentos_fiscais_tipo_check" CHECK (tipo in ('entrada', 'venda')),
	CONSTRAINT "documentos_fiscais_chave_check" CHECK (length("documentos_fiscais"."chave_acesso") = 44)
);
--> statement-breakpoint
ALTER TABLE "codigos_fornecedor" ADD CONSTRAINT "codigos_fornecedor_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ADD CONSTRAINT "documentos_fiscais_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codigos_fornecedor_variante_idx" ON "codigos_fornecedor" USING btree ("variante_id");--> statement-breakpoint
CREATE INDEX "documentos_fiscais_unidade_idx" ON "documentos_fiscais" USING btree ("unidade_id","tipo","emitida_em" DESC NULLS LAST);