CREATE TABLE "produtos_resumo_pendentes" (
	"produto_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "produtos_resumo_pendentes" ADD CONSTRAINT "produtos_resumo_pendentes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A unit saved recomputed every product's summary in the save's own statement (migration
-- 0007): 54 s with 10,000 products on PGlite, the whole shop waiting (issue 39, point 8;
-- decision 0055). A summary reads of the units only whether they sell (ativo, em_breve): a
-- save that changes neither touches nothing, and one that does lists the products stocked
-- at that unit here, for the app to recompute in short slices (summary-queue.server.ts).
-- A new unit has no stock yet, and one with stock cannot be deleted (estoque's foreign key).
DROP TRIGGER IF EXISTS unidades_resumo ON "unidades";--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_resumo_unidades() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO produtos_resumo_pendentes (produto_id)
  SELECT DISTINCT v.produto_id
  FROM novas n JOIN antigas o ON o.id = n.id
  JOIN estoque e ON e.unidade_id = n.id
  JOIN variantes v ON v.id = e.variante_id
  WHERE (o.ativo, o.em_breve) IS DISTINCT FROM (n.ativo, n.em_breve)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('agropet_resumo', 'unidades');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER unidades_resumo AFTER UPDATE ON "unidades"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_unidades();
