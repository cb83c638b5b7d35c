-- Search that forgives (pg_trgm: PGlite ships it, PostgreSQL has it in contrib), the
-- store lists read from a per-product summary kept by triggers, and the synonyms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "produtos_resumo" (
	"produto_id" uuid PRIMARY KEY NOT NULL,
	"preco_min" numeric(12, 2),
	"preco_max" numeric(12, 2),
	"preco_antes" numeric(12, 2),
	"variacoes" integer DEFAULT 0 NOT NULL,
	"variante_id" uuid,
	"disponivel" integer DEFAULT 0 NOT NULL,
	"unidades_com_estoque" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"vendidos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sinonimos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"termos" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (btrim(regexp_replace(translate(lower(nome), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "especies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos_resumo" ADD CONSTRAINT "produtos_resumo_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "produtos_resumo_preco_idx" ON "produtos_resumo" USING btree ("preco_min");--> statement-breakpoint
CREATE INDEX "produtos_resumo_vendidos_idx" ON "produtos_resumo" USING btree ("vendidos" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "produtos_busca_trgm_idx" ON "produtos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_marca_idx" ON "produtos" USING btree ("marca");--> statement-breakpoint
-- The species a product is for, read from its words (name, description, packs): the store's
-- "Para" filter. Always derived, on every write, so every path (admin, import, restore)
-- agrees; a product for "cães e gatos" is in both.
CREATE OR REPLACE FUNCTION agropet_especies(busca text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN busca ~ '\m(cao|caes|cachorro|cachorros|canino|canina|caninos|dog|dogs)\M' THEN 'caes' END,
    CASE WHEN busca ~ '\m(gato|gatos|felino|felina|felinos|cat|cats)\M' THEN 'gatos' END,
    CASE WHEN busca ~ '\m(ave|aves|passaro|passaros|calopsita|calopsitas|periquito|periquitos|canario|canarios|galinha|galinhas|poedeiras|pintinho|codorna|codornas)\M' THEN 'aves' END,
    CASE WHEN busca ~ '\m(peixe|peixes|aquario|aquarios|aquarismo|betta|ornamentais)\M' THEN 'peixes' END,
    CASE WHEN busca ~ '\m(roedor|roedores|hamster|hamsters|coelho|coelhos|porquinho|chinchila|twister)\M' THEN 'roedores' END,
    CASE WHEN busca ~ '\m(cavalo|cavalos|equino|equinos|bovino|bovinos|gado|boi|bois|vaca|vacas|bezerro|bezerros)\M' THEN 'cavalos-gado' END
  ]::text[], NULL)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_produto_especies() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.especies := agropet_especies(NEW.busca);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER produtos_especies BEFORE INSERT OR UPDATE OF busca ON "produtos"
  FOR EACH ROW EXECUTE FUNCTION agropet_produto_especies();--> statement-breakpoint
UPDATE "produtos" SET "especies" = agropet_especies("busca");--> statement-breakpoint
-- The summary of some products: prices and availability of their variants on sale at the
-- open units. Availability is capped at 6 (see the triggers). Only `p.id = ANY(ids)`, which
-- the primary key serves (an "OR ids IS NULL" would read every product on every call).
CREATE OR REPLACE FUNCTION agropet_resume_produtos(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO produtos_resumo AS r (produto_id, preco_min, preco_max, preco_antes, variacoes,
    variante_id, disponivel, unidades_com_estoque)
  SELECT p.id, a.preco_min, a.preco_max, a.preco_antes, coalesce(a.variacoes, 0), a.variante_id,
    least(coalesce(s.disponivel, 0), 6)::int, coalesce(s.unidades, '{}'::uuid[])
  FROM produtos p
  LEFT JOIN LATERAL (
    SELECT min(v.preco) AS preco_min, max(v.preco) AS preco_max,
      (array_agg(v.preco_antes ORDER BY v.preco, v.posicao, v.id))[1] AS preco_antes,
      count(*)::int AS variacoes, (array_agg(v.id ORDER BY v.posicao, v.id))[1] AS variante_id
    FROM variantes v WHERE v.produto_id = p.id AND v.ativo
  ) a ON true
  LEFT JOIN LATERAL (
    SELECT sum(e.disponivel) AS disponivel,
      array_agg(DISTINCT e.unidade_id) FILTER (WHERE e.disponivel > 0) AS unidades
    FROM variantes v JOIN estoque e ON e.variante_id = v.id
    JOIN unidades u ON u.id = e.unidade_id AND u.ativo AND NOT u.em_breve
    WHERE v.produto_id = p.id AND v.ativo
  ) s ON true
  WHERE p.id = ANY(ids)
  ON CONFLICT (produto_id) DO UPDATE SET preco_min = excluded.preco_min,
    preco_max = excluded.preco_max, preco_antes = excluded.preco_antes,
    variacoes = excluded.variacoes, variante_id = excluded.variante_id,
    disponivel = excluded.disponivel, unidades_com_estoque = excluded.unidades_com_estoque
  WHERE (r.preco_min, r.preco_max, r.preco_antes, r.variacoes, r.variante_id, r.disponivel,
    r.unidades_com_estoque) IS DISTINCT FROM (excluded.preco_min, excluded.preco_max,
    excluded.preco_antes, excluded.variacoes, excluded.variante_id, excluded.disponivel,
    excluded.unidades_com_estoque)
$$;--> statement-breakpoint
-- Variants added, edited or removed (admin, import, restore): their products' summaries.
CREATE OR REPLACE FUNCTION agropet_resumo_variantes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM agropet_resume_produtos(ARRAY(SELECT DISTINCT produto_id FROM novas));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM agropet_resume_produtos(ARRAY(SELECT produto_id FROM novas UNION SELECT produto_id FROM antigas));
  ELSE
    PERFORM agropet_resume_produtos(ARRAY(SELECT DISTINCT produto_id FROM antigas));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER variantes_resumo_insert AFTER INSERT ON "variantes" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_variantes();--> statement-breakpoint
CREATE TRIGGER variantes_resumo_update AFTER UPDATE ON "variantes" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_variantes();--> statement-breakpoint
CREATE TRIGGER variantes_resumo_delete AFTER DELETE ON "variantes" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_variantes();--> statement-breakpoint
-- Stock rows added or removed: their products' summaries, and the pages hear of it.
CREATE OR REPLACE FUNCTION agropet_resumo_estoque() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM agropet_resume_produtos(ARRAY(SELECT DISTINCT v.produto_id FROM novas n JOIN variantes v ON v.id = n.variante_id));
  ELSE
    PERFORM agropet_resume_produtos(ARRAY(SELECT DISTINCT v.produto_id FROM antigas o JOIN variantes v ON v.id = o.variante_id));
  END IF;
  PERFORM pg_notify('agropet_paginas', 'estoque');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A stock row whose availability crosses what the pages tell (0, each of 1 to 5, more):
-- its product's summary, and the pages hear of it. A sale that leaves 40 of 41 moves
-- nothing a customer sees, so the cached pages stay (issue: pages stay fast while the shop
-- sells); the checkout checks the real numbers anyway.
CREATE OR REPLACE FUNCTION agropet_resumo_estoque_linha() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agropet_resume_produtos(ARRAY(SELECT produto_id FROM variantes WHERE id = NEW.variante_id));
  PERFORM pg_notify('agropet_paginas', 'estoque');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Any other change of a quantity: the pages that show exact numbers (the product page's
-- "3 unidades", the cart's bound) hear of it as 'estoque_qtd', which each instance turns
-- into a refresh a few seconds later (app/infra/page-data.server.ts), at most once per
-- interval however many sales arrive.
CREATE OR REPLACE FUNCTION agropet_avisa_quantidade() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agropet_paginas', 'estoque_qtd');
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS estoque_avisa_paginas ON "estoque";--> statement-breakpoint
CREATE TRIGGER estoque_resumo_insert AFTER INSERT ON "estoque" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_estoque();--> statement-breakpoint
CREATE TRIGGER estoque_resumo_delete AFTER DELETE ON "estoque" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_estoque();--> statement-breakpoint
CREATE TRIGGER estoque_resumo_update AFTER UPDATE ON "estoque" FOR EACH ROW
  WHEN (least(OLD.em_maos - OLD.reservado, 6) IS DISTINCT FROM least(NEW.em_maos - NEW.reservado, 6)
    OR OLD.variante_id IS DISTINCT FROM NEW.variante_id OR OLD.unidade_id IS DISTINCT FROM NEW.unidade_id)
  EXECUTE FUNCTION agropet_resumo_estoque_linha();--> statement-breakpoint
CREATE TRIGGER estoque_avisa_quantidade AFTER UPDATE ON "estoque" FOR EACH STATEMENT
  EXECUTE FUNCTION agropet_avisa_quantidade();--> statement-breakpoint
-- A unit opened, closed or edited: every summary (rare, and the lists change anyway).
CREATE OR REPLACE FUNCTION agropet_resumo_unidades() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agropet_resume_produtos(ARRAY(SELECT id FROM produtos));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER unidades_resumo AFTER INSERT OR UPDATE OR DELETE ON "unidades"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_resumo_unidades();--> statement-breakpoint
SELECT agropet_resume_produtos(ARRAY(SELECT id FROM produtos));--> statement-breakpoint
INSERT INTO "sinonimos" ("termos") VALUES
  (ARRAY['antipulga', 'antipulgas', 'pulga', 'pulgas']),
  (ARRAY['carrapato', 'carrapatos', 'carrapaticida']),
  (ARRAY['cao', 'caes', 'cachorro', 'cachorros', 'canino', 'canina']),
  (ARRAY['gato', 'gatos', 'felino', 'felina']),
  (ARRAY['racao', 'racoes', 'alimento']),
  (ARRAY['vermifugo', 'vermifugos', 'verme', 'vermes']),
  (ARRAY['areia', 'granulado']),
  (ARRAY['passaro', 'passaros', 'ave', 'aves']),
  (ARRAY['petisco', 'petiscos', 'bifinho', 'snack']),
  (ARRAY['shampoo', 'xampu']),
  (ARRAY['cavalo', 'cavalos', 'equino']),
  (ARRAY['gado', 'bovino', 'boi', 'vaca']),
  (ARRAY['adubo', 'fertilizante']),
  (ARRAY['filhote', 'filhotes', 'junior', 'puppy']);
--> statement-breakpoint
-- The synonyms change what a search finds: the cached pages hear of it.
CREATE TRIGGER sinonimos_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sinonimos"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();
--> statement-breakpoint
-- A coupon used by a checkout changes nothing a page shows, unless it just ran out: only
-- then (or when the staff edit it) the pages hear of it, so orders with a coupon do not
-- empty the page cache either.
DROP TRIGGER IF EXISTS cupons_avisa_paginas ON "cupons";--> statement-breakpoint
CREATE TRIGGER cupons_avisa_paginas AFTER INSERT OR DELETE OR TRUNCATE ON "cupons"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();--> statement-breakpoint
CREATE TRIGGER cupons_avisa_paginas_edicao AFTER UPDATE ON "cupons" FOR EACH ROW
  WHEN (OLD.usos IS NOT DISTINCT FROM NEW.usos
    OR (NEW.limite_usos IS NOT NULL AND NEW.usos >= NEW.limite_usos))
  EXECUTE FUNCTION agropet_avisa_paginas();
