ALTER TABLE "produtos" DROP CONSTRAINT "produtos_preco_custo_check";--> statement-breakpoint
ALTER TABLE "variantes" ADD COLUMN "custo" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "variantes" ADD COLUMN "custo_medio" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "variantes" ADD COLUMN "ncm" text;--> statement-breakpoint
-- The cost was one per product; each pack size now has its own. Every variant starts with its
-- product's cost (the shop corrects the sizes that differ), then the product's column goes.
UPDATE "variantes" v SET "custo" = p."preco_custo" FROM "produtos" p
  WHERE v."produto_id" = p."id" AND p."preco_custo" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" DROP COLUMN "preco_custo";--> statement-breakpoint
ALTER TABLE "variantes" ADD CONSTRAINT "variantes_custo_check" CHECK ("variantes"."custo" is null or "variantes"."custo" >= 0);--> statement-breakpoint
ALTER TABLE "variantes" ADD CONSTRAINT "variantes_custo_medio_check" CHECK ("variantes"."custo_medio" is null or "variantes"."custo_medio" >= 0);--> statement-breakpoint
ALTER TABLE "variantes" ADD CONSTRAINT "variantes_ncm_check" CHECK ("variantes"."ncm" is null or "variantes"."ncm" ~ '^[0-9]{8}$');