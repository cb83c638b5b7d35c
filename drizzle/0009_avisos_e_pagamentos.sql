CREATE TABLE "avisos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint,
	"tipo" text NOT NULL,
	"referencia_id" text,
	"dados" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avisos_tipo_check" CHECK (tipo in ('pedido', 'servico', 'curriculo', 'pago_apos_cancelamento'))
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "pago_apos_cancelamento_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "reembolso_solicitado_em" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_seq_idx" ON "avisos" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "avisos_created_at_idx" ON "avisos" USING btree ("created_at");--> statement-breakpoint
-- Live alerts for the staff (decision 0035). A new order, grooming request or resume writes an
-- alert row in its own transaction; at commit a deferred trigger numbers it under a lock, so
-- the numbers grow in the order the rows became visible, and announces it on agropet_avisos.
CREATE SEQUENCE "avisos_seq_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_numera_aviso() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  numero bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7315010);
  numero := nextval('avisos_seq_seq');
  UPDATE avisos SET seq = numero WHERE id = NEW.id;
  PERFORM pg_notify('agropet_avisos', numero::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER avisos_numera AFTER INSERT ON "avisos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agropet_numera_aviso();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_aviso_novo() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A restore writes old rows back: they are not news (app/infra/backup.server.ts).
  IF current_setting('agropet.sem_avisos', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'pedidos' THEN
    INSERT INTO avisos (tipo, referencia_id, dados) VALUES ('pedido', NEW.id::text,
      jsonb_build_object('numero', NEW.numero_pedido, 'total', NEW.total,
        'cliente', NEW.cliente_nome, 'modo', NEW.modo));
  ELSIF TG_TABLE_NAME = 'pedidos_servicos' THEN
    INSERT INTO avisos (tipo, referencia_id, dados) VALUES ('servico', NEW.id::text,
      jsonb_build_object('tutor', NEW.nome_tutor, 'pet', NEW.nome_pet,
        'servico', NEW.tipo_servico));
  ELSIF TG_TABLE_NAME = 'curriculos' THEN
    INSERT INTO avisos (tipo, referencia_id, dados) VALUES ('curriculo', NEW.id::text,
      jsonb_build_object('nome', NEW.nome_completo, 'vaga', NEW.vaga));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pedidos_aviso_novo AFTER INSERT ON "pedidos"
  FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
--> statement-breakpoint
CREATE TRIGGER pedidos_servicos_aviso_novo AFTER INSERT ON "pedidos_servicos"
  FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
--> statement-breakpoint
CREATE TRIGGER curriculos_aviso_novo AFTER INSERT ON "curriculos"
  FOR EACH ROW EXECUTE FUNCTION agropet_aviso_novo();
