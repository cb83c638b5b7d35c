CREATE TABLE "transferencias_estoque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variante_id" uuid NOT NULL,
	"de_unidade_id" uuid NOT NULL,
	"para_unidade_id" uuid NOT NULL,
	"quantidade" integer NOT NULL,
	"status" text DEFAULT 'em_transito' NOT NULL,
	"motivo" text,
	"enviada_por" text,
	"enviada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"quantidade_recebida" integer,
	"motivo_diferenca" text,
	"concluida_por" text,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "transferencias_estoque_status_check" CHECK (status in ('em_transito', 'recebida', 'cancelada')),
	CONSTRAINT "transferencias_estoque_quantidades_check" CHECK ("transferencias_estoque"."quantidade" > 0 and "transferencias_estoque"."de_unidade_id" <> "transferencias_estoque"."para_unidade_id" and ("transferencias_estoque"."quantidade_recebida" is null or ("transferencias_estoque"."quantidade_recebida" >= 0 and "transferencias_estoque"."quantidade_recebida" <= "transferencias_estoque"."quantidade")))
);
--> statement-breakpoint
ALTER TABLE "movimentos_estoque" DROP CONSTRAINT "movimentos_estoque_tipo_check";--> statement-breakpoint
ALTER TABLE "movimentos_estoque" ADD COLUMN "transferencia_id" uuid;--> statement-breakpoint
ALTER TABLE "transferencias_estoque" ADD CONSTRAINT "transferencias_estoque_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias_estoque" ADD CONSTRAINT "transferencias_estoque_de_unidade_id_unidades_id_fk" FOREIGN KEY ("de_unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias_estoque" ADD CONSTRAINT "transferencias_estoque_para_unidade_id_unidades_id_fk" FOREIGN KEY ("para_unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transferencias_estoque_para_idx" ON "transferencias_estoque" USING btree ("para_unidade_id","status","enviada_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transferencias_estoque_de_idx" ON "transferencias_estoque" USING btree ("de_unidade_id","status","enviada_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transferencias_estoque_variante_idx" ON "transferencias_estoque" USING btree ("variante_id","status");--> statement-breakpoint
ALTER TABLE "movimentos_estoque" ADD CONSTRAINT "movimentos_estoque_tipo_check" CHECK (tipo in ('reserva', 'liberacao', 'venda', 'cancelamento', 'ajuste', 'transferencia_saida', 'transferencia_entrada', 'importacao', 'transferencia_perda', 'transferencia_cancelada'));