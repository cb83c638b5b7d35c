-- Newest-first lists off their index, and the store's filter counts kept per catalogue
-- version (decision 0048). Drizzle built created_at DESC NULLS LAST, while ORDER BY
-- created_at DESC means NULLS FIRST, so the planner read and sorted the whole table: rebuilt
-- as (created_at DESC, id DESC), the lists' order with its tie-break; a partial index for
-- the security events /admin/security counts; lower(sku) for the search's code match.
CREATE TABLE "loja_facetas" (
	"chave" text PRIMARY KEY NOT NULL,
	"versao" bigint NOT NULL,
	"facetas" jsonb NOT NULL,
	"calculado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loja_facetas_versao" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loja_facetas_versao_um" CHECK ("loja_facetas_versao"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "admin_audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "rate_limits_last_attempt_idx";--> statement-breakpoint
DROP INDEX "curriculos_created_at_idx";--> statement-breakpoint
DROP INDEX "produtos_created_at_idx";--> statement-breakpoint
DROP INDEX "produtos_nome_lower_idx";--> statement-breakpoint
DROP INDEX "movimentos_estoque_variante_idx";--> statement-breakpoint
DROP INDEX "pedidos_created_at_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_seguranca_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE coalesce("admin_audit_log"."details" ->> 'security_event', 'false') <> 'false';--> statement-breakpoint
CREATE INDEX "produtos_resumo_pouco_estoque_idx" ON "produtos_resumo" USING btree ("produto_id") WHERE "produtos_resumo"."disponivel" <= 5;--> statement-breakpoint
CREATE INDEX "variantes_sku_lower_idx" ON "variantes" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rate_limits_last_attempt_idx" ON "rate_limits" USING btree ("last_attempt" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "curriculos_created_at_idx" ON "curriculos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "produtos_created_at_idx" ON "produtos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "produtos_nome_lower_idx" ON "produtos" USING btree (lower("nome"),"id");--> statement-breakpoint
CREATE INDEX "movimentos_estoque_variante_idx" ON "movimentos_estoque" USING btree ("variante_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pedidos_created_at_idx" ON "pedidos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Grooming requests too (written by hand: its schema line is the grooming module's, changed
-- apart); the same order as the others, so the board's page comes off the index.
DROP INDEX "pedidos_servicos_created_at_idx";--> statement-breakpoint
CREATE INDEX "pedidos_servicos_created_at_idx" ON "pedidos_servicos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- The store's filter counts are kept in loja_facetas for the version they were computed at
-- (decision 0048). Any change that can change a count moves the version once per
-- transaction, at commit (a deferred constraint trigger: every other lock the transaction
-- takes is already held, so two checkouts never wait on each other in a circle).
INSERT INTO "loja_facetas_versao" ("id", "versao") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_facetas_mudaram() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: a statement over 10,000 products moves it once.
  IF coalesce(current_setting('agropet.facetas_mudaram', true), '') <> '1' THEN
    PERFORM set_config('agropet.facetas_mudaram', '1', true);
    -- The lock the live alerts take at commit (migrations 0009, 0010) first: whoever holds
    -- the version row holds it too, so a checkout (version, then alert) and a commit that
    -- writes an alert before it moves the version never wait on each other in a circle.
    PERFORM pg_advisory_xact_lock(7315010);
    INSERT INTO loja_facetas_versao (id, versao) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET versao = loja_facetas_versao.versao + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER produtos_facetas_novo AFTER INSERT OR DELETE ON "produtos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER produtos_facetas_edicao AFTER UPDATE ON "produtos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.ativo, OLD.excluido_em IS NULL, OLD.categoria_id, OLD.marca, OLD.especies)
    IS DISTINCT FROM (NEW.ativo, NEW.excluido_em IS NULL, NEW.categoria_id, NEW.marca, NEW.especies))
  EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER produtos_resumo_facetas_novo AFTER INSERT OR DELETE ON "produtos_resumo"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
-- Availability counts only as "some" or "none": a sale from 3 to 2 changes no count.
CREATE CONSTRAINT TRIGGER produtos_resumo_facetas_edicao AFTER UPDATE ON "produtos_resumo"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.variacoes > 0, OLD.disponivel > 0, OLD.preco_min, OLD.preco_antes, OLD.unidades_com_estoque)
    IS DISTINCT FROM (NEW.variacoes > 0, NEW.disponivel > 0, NEW.preco_min, NEW.preco_antes, NEW.unidades_com_estoque))
  EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categorias_facetas_novo AFTER INSERT OR DELETE ON "categorias"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categorias_facetas_edicao AFTER UPDATE ON "categorias"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo)
  EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER unidades_facetas_novo AFTER INSERT OR DELETE ON "unidades"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER unidades_facetas_edicao AFTER UPDATE ON "unidades"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.ativo, OLD.em_breve, OLD.retirada_ativa, OLD.slug, OLD.nome)
    IS DISTINCT FROM (NEW.ativo, NEW.em_breve, NEW.retirada_ativa, NEW.slug, NEW.nome))
  EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE TRIGGER produtos_facetas_truncate AFTER TRUNCATE ON "produtos"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE TRIGGER produtos_resumo_facetas_truncate AFTER TRUNCATE ON "produtos_resumo"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE TRIGGER categorias_facetas_truncate AFTER TRUNCATE ON "categorias"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_facetas_mudaram();--> statement-breakpoint
CREATE TRIGGER unidades_facetas_truncate AFTER TRUNCATE ON "unidades"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_facetas_mudaram();
--> statement-breakpoint
-- The summaries of many products at once (a large import, a restore, a big stock load): the
-- stock of each variant is read by its key. Planned without statistics (rows written in the
-- same transaction, or PGlite before its first ANALYZE), the join of variants and stock read
-- the whole stock table once per product: 60,000 stock rows for 10,000 products took 40 to
-- 100 s (decision 0033, "O que fica"). OFFSET 0 keeps the lookup a per-variant subquery.
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
    FROM variantes v CROSS JOIN LATERAL (
      SELECT e.disponivel, e.unidade_id FROM estoque e
      JOIN unidades u ON u.id = e.unidade_id AND u.ativo AND NOT u.em_breve
      WHERE e.variante_id = v.id OFFSET 0
    ) e
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
$$;
