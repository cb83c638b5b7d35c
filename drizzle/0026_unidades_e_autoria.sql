CREATE INDEX "admin_audit_log_recurso_idx" ON "admin_audit_log" USING btree ("resource_type","resource_id","created_at");--> statement-breakpoint
-- Issue 41 point 3 (decision 0069): an order's live alert names the order's unit, so that a
-- person bound to other units never hears of it. Same function as migration 0010, with the
-- unit added to the order's data.
CREATE OR REPLACE FUNCTION agropet_aviso_novo() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  numero bigint;
  v_tipo text;
  v_dados jsonb;
BEGIN
  -- A restore writes old rows back: they are not news (app/platform/backup.server.ts).
  IF current_setting('agropet.sem_avisos', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'pedidos' THEN
    v_tipo := 'pedido';
    v_dados := jsonb_build_object('numero', NEW.numero_pedido, 'total', NEW.total,
      'cliente', NEW.cliente_nome, 'modo', NEW.modo, 'unidade_id', NEW.unidade_id);
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
-- The alerts already kept (seven days at most) learn their order's unit too.
UPDATE avisos a SET dados = a.dados || jsonb_build_object('unidade_id', p.unidade_id)
  FROM pedidos p
  WHERE a.tipo IN ('pedido', 'pago_apos_cancelamento') AND a.referencia_id = p.id::text;
