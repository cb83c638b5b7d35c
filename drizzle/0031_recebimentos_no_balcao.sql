CREATE TABLE "recebimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid,
	"agendamento_id" uuid,
	"unidade_id" uuid,
	"metodo" text NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"recebido" numeric(12, 2),
	"motivo" text,
	"usuario_id" uuid,
	"recebido_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recebimentos_metodo_check" CHECK (metodo in ('dinheiro', 'pix', 'debito', 'credito')),
	CONSTRAINT "recebimentos_valor_check" CHECK ("recebimentos"."valor" > 0),
	CONSTRAINT "recebimentos_origem_check" CHECK (("recebimentos"."pedido_id" is null) <> ("recebimentos"."agendamento_id" is null))
);
--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recebimentos" ADD CONSTRAINT "recebimentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recebimentos_pedido_idx" ON "recebimentos" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recebimentos_agendamento_idx" ON "recebimentos" USING btree ("agendamento_id");--> statement-breakpoint
CREATE INDEX "recebimentos_unidade_dia_idx" ON "recebimentos" USING btree ("unidade_id","recebido_em");