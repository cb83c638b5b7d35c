CREATE TABLE "convites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"papel" text NOT NULL,
	"todas_unidades" boolean DEFAULT true NOT NULL,
	"unidade_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"emitido_em" timestamp with time zone NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"aceito_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"convidado_por" uuid,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convites_email_lower_check" CHECK ("convites"."email" = lower("convites"."email")),
	CONSTRAINT "convites_papel_check" CHECK ("convites"."papel" in ('dono', 'gerente', 'atendente', 'tosador'))
);
--> statement-breakpoint
CREATE TABLE "redefinicoes_senha" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"emitido_em" timestamp with time zone NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"pedido_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_convidado_por_usuarios_id_fk" FOREIGN KEY ("convidado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convites" ADD CONSTRAINT "convites_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_pedido_por_usuarios_id_fk" FOREIGN KEY ("pedido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "convites_token_idx" ON "convites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "convites_email_aberto_idx" ON "convites" USING btree ("email") WHERE "convites"."aceito_em" is null and "convites"."revogado_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "redefinicoes_senha_token_idx" ON "redefinicoes_senha" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "redefinicoes_senha_usuario_idx" ON "redefinicoes_senha" USING btree ("usuario_id");