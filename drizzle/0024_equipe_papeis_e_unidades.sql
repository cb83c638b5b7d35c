ALTER TABLE "usuarios" ADD COLUMN "nome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "papel" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "todas_unidades" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "unidade_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "convidado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "ultimo_login_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_papel_check" CHECK ("usuarios"."papel" is null or "usuarios"."papel" in ('dono', 'gerente', 'atendente', 'tosador'));--> statement-breakpoint
-- Every existing admin becomes an owner (Dono) of the whole shop; the 2FA grace period of
-- owners counts from this migration (decision 0066).
UPDATE "usuarios" SET "papel" = 'dono' WHERE "is_admin" = true;
