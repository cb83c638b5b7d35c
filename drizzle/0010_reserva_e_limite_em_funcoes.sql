-- The two statements every checkout runs (the rate limit's count and each line's
-- reservation) become functions: PL/pgSQL keeps their plans for the session, where a
-- statement sent as text is planned again every time. On the embedded database, which runs
-- one statement at a time, the planning was a large part of a checkout (decision 0046).
-- Same statements as before, same locks, same results.
CREATE OR REPLACE FUNCTION agropet_consome_limite(
  p_operacao text, p_identificador text, p_agora timestamptz, p_janela timestamptz,
  p_bloqueio_primeira timestamptz, p_maximo int, p_bloqueio timestamptz
) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  contagem int;
BEGIN
  WITH blocked AS (
    SELECT 1 FROM rate_limits
    WHERE operation = p_operacao AND identifier = p_identificador AND blocked_until > p_agora
  ), counted AS (
    INSERT INTO rate_limits
      (operation, identifier, attempt_count, first_attempt, last_attempt, blocked_until)
    SELECT p_operacao, p_identificador, 1, p_agora, p_agora, p_bloqueio_primeira
    WHERE NOT EXISTS (SELECT 1 FROM blocked)
    ON CONFLICT (operation, identifier) DO UPDATE SET
      attempt_count = CASE WHEN rate_limits.first_attempt < p_janela THEN 1
        ELSE rate_limits.attempt_count + 1 END,
      first_attempt = CASE WHEN rate_limits.first_attempt < p_janela THEN p_agora
        ELSE rate_limits.first_attempt END,
      last_attempt = p_agora,
      blocked_until = CASE WHEN (CASE WHEN rate_limits.first_attempt < p_janela THEN 1
        ELSE rate_limits.attempt_count + 1 END) >= p_maximo THEN p_bloqueio
        ELSE rate_limits.blocked_until END
    RETURNING attempt_count
  )
  SELECT (SELECT attempt_count FROM counted) INTO contagem;
  RETURN contagem;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_reserva_estoque(
  p_quantidade int, p_em timestamptz, p_variante uuid, p_unidade uuid, p_pedido uuid
) RETURNS TABLE (
  produto_id uuid, sku text, rotulo text, preco numeric, preco_antes numeric, nome text
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH r AS (
    UPDATE estoque e SET reservado = e.reservado + p_quantidade, updated_at = p_em
    FROM variantes v JOIN produtos p ON p.id = v.produto_id
    WHERE e.variante_id = p_variante AND e.unidade_id = p_unidade AND v.id = e.variante_id
      AND v.ativo AND p.ativo AND p.excluido_em IS NULL
      AND e.em_maos - e.reservado >= p_quantidade
    RETURNING e.variante_id, e.unidade_id, e.em_maos, e.reservado, v.produto_id, v.sku,
      v.rotulo, v.preco, v.preco_antes, p.nome
  ), m AS (
    INSERT INTO movimentos_estoque
      (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
       reservado_depois, pedido_id, motivo, usuario_email, created_at)
    SELECT r.variante_id, r.unidade_id, 'reserva', 0, p_quantidade, r.em_maos, r.reservado,
      p_pedido, NULL, NULL, p_em
    FROM r
  )
  SELECT r.produto_id, r.sku, r.rotulo, r.preco, r.preco_antes, r.nome FROM r;
END
$$;
--> statement-breakpoint
-- A new order, grooming request or resume writes its alert at commit, already numbered (one
-- insert under the numbering lock), instead of an insert now and an update of its number at
-- commit. Alerts written by the application (recordAlert) are numbered as before.
CREATE OR REPLACE FUNCTION agropet_aviso_novo() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  numero bigint;
  v_tipo text;
  v_dados jsonb;
BEGIN
  -- A restore writes old rows back: they are not news (app/infra/backup.server.ts).
  IF current_setting('agropet.sem_avisos', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'pedidos' THEN
    v_tipo := 'pedido';
    v_dados := jsonb_build_object('numero', NEW.numero_pedido, 'total', NEW.total,
      'cliente', NEW.cliente_nome, 'modo', NEW.modo);
  ELSIF TG_TABLE_NAME = 'pedidos_servicos' THEN
    v_tipo := 'servico';
    v_dados := jsonb_build_object('tutor', NEW.nome_tutor, 'pet', NEW.nome_pet,
      'servico', NEW.tipo_servico);
  ELSIF TG_TABLE_NAME = 'curriculos' THEN
    v_tipo := 'curriculo';
    v_dados := jsonb_build_object('nome', NEW.nome_completo, 'vaga', NEW.vaga);
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7315010);
  numero := nextval('avisos_seq_seq');
  INSERT INTO avisos (seq, tipo, referencia_id, dados)
    VALUES (numero, v_tipo, NEW.id::text, v_dados);
  PERFORM pg_notify('agropet_avisos', numero::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pedidos_aviso_novo ON "pedidos";
--> statement-breakpoint
DROP TRIGGER IF EXISTS pedidos_servicos_aviso_novo ON "pedidos_servicos";
--> statement-breakpoint
DROP TRIGGER IF EXISTS curriculos_aviso_novo ON "curriculos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pedidos_aviso_novo AFTER INSERT ON "pedidos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pedidos_servicos_aviso_novo AFTER INSERT ON "pedidos_servicos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER curriculos_aviso_novo AFTER INSERT ON "curriculos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
--> statement-breakpoint
DROP TRIGGER IF EXISTS avisos_numera ON "avisos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER avisos_numera AFTER INSERT ON "avisos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.seq IS NULL)
  EXECUTE FUNCTION agropet_numera_aviso();
