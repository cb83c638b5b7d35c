CREATE TABLE "cancelamentos_nfce" (
	"chave_acesso" text PRIMARY KEY NOT NULL,
	"emitente_cnpj" text NOT NULL,
	"cancelada_em" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendas_balcao_itens" (
	"chave_acesso" text NOT NULL,
	"numero_item" integer NOT NULL,
	"unidade_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"gtin" text,
	"descricao" text NOT NULL,
	"quantidade" integer,
	"quantidade_nota" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"variante_id" uuid,
	"custo_unitario" numeric(12, 2),
	"baixado" integer DEFAULT 0 NOT NULL,
	"aplicado_em" timestamp with time zone,
	"emitida_em" timestamp with time zone NOT NULL,
	CONSTRAINT "vendas_balcao_itens_chave_acesso_numero_item_pk" PRIMARY KEY("chave_acesso","numero_item"),
	CONSTRAINT "vendas_balcao_itens_baixado_check" CHECK ("vendas_balcao_itens"."baixado" >= 0)
);
--> statement-breakpoint
ALTER TABLE "avisos" DROP CONSTRAINT "avisos_tipo_check";--> statement-breakpoint
ALTER TABLE "estoque" DROP CONSTRAINT "estoque_quantidades_check";--> statement-breakpoint
ALTER TABLE "estoque" drop column "disponivel";--> statement-breakpoint
ALTER TABLE "estoque" ADD COLUMN "disponivel" integer GENERATED ALWAYS AS (greatest(em_maos - reservado, 0)) STORED;--> statement-breakpoint
ALTER TABLE "vendas_balcao_itens" ADD CONSTRAINT "vendas_balcao_itens_chave_acesso_documentos_fiscais_chave_acesso_fk" FOREIGN KEY ("chave_acesso") REFERENCES "public"."documentos_fiscais"("chave_acesso") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_balcao_itens" ADD CONSTRAINT "vendas_balcao_itens_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas_balcao_itens" ADD CONSTRAINT "vendas_balcao_itens_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendas_balcao_itens_pendentes_idx" ON "vendas_balcao_itens" USING btree ("unidade_id","codigo") WHERE "vendas_balcao_itens"."aplicado_em" is null;--> statement-breakpoint
CREATE INDEX "vendas_balcao_itens_unidade_idx" ON "vendas_balcao_itens" USING btree ("unidade_id","emitida_em" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_tipo_check" CHECK (tipo in ('pedido', 'servico', 'curriculo', 'pago_apos_cancelamento', 'contestacao', 'reserva_em_risco'));--> statement-breakpoint
ALTER TABLE "estoque" ADD CONSTRAINT "estoque_quantidades_check" CHECK ("estoque"."em_maos" >= 0 and "estoque"."reservado" >= 0 and "estoque"."minimo" >= 0);