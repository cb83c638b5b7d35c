ALTER TABLE "unidades" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "unidades" ADD COLUMN "ie" text;--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_cnpj_idx" ON "unidades" USING btree ("cnpj") WHERE "unidades"."cnpj" is not null;