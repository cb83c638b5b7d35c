CREATE TABLE "variantes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"ean" text,
	"rotulo" text DEFAULT '' NOT NULL,
	"opcao1" text,
	"opcao2" text,
	"opcao3" text,
	"preco" numeric(12, 2) NOT NULL,
	"preco_antes" numeric(12, 2),
	"peso_g" integer,
	"imagem_url" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variantes_preco_check" CHECK ("variantes"."preco" >= 0),
	CONSTRAINT "variantes_preco_antes_check" CHECK ("variantes"."preco_antes" is null or "variantes"."preco_antes" >= 0),
	CONSTRAINT "variantes_peso_check" CHECK ("variantes"."peso_g" is null or "variantes"."peso_g" > 0)
);
--> statement-breakpoint
CREATE TABLE "estoque" (
	"variante_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"em_maos" integer DEFAULT 0 NOT NULL,
	"reservado" integer DEFAULT 0 NOT NULL,
	"disponivel" integer GENERATED ALWAYS AS (em_maos - reservado) STORED,
	"minimo" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_variante_id_unidade_id_pk" PRIMARY KEY("variante_id","unidade_id"),
	CONSTRAINT "estoque_quantidades_check" CHECK ("estoque"."em_maos" >= 0 and "estoque"."reservado" >= 0 and "estoque"."reservado" <= "estoque"."em_maos" and "estoque"."minimo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movimentos_estoque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variante_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"delta_em_maos" integer DEFAULT 0 NOT NULL,
	"delta_reservado" integer DEFAULT 0 NOT NULL,
	"em_maos_depois" integer NOT NULL,
	"reservado_depois" integer NOT NULL,
	"pedido_id" uuid,
	"motivo" text,
	"usuario_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimentos_estoque_tipo_check" CHECK (tipo in ('reserva', 'liberacao', 'venda', 'cancelamento', 'ajuste', 'transferencia_saida', 'transferencia_entrada', 'importacao'))
);
--> statement-breakpoint
CREATE TABLE "unidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"nome" text NOT NULL,
	"endereco" text NOT NULL,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"uf" text NOT NULL,
	"cep" text,
	"telefone" text,
	"whatsapp" text,
	"horarios" jsonb NOT NULL,
	"servicos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"maps_url" text,
	"em_breve" boolean DEFAULT false NOT NULL,
	"retirada_ativa" boolean DEFAULT false NOT NULL,
	"preparo_horas" integer DEFAULT 2 NOT NULL,
	"instrucoes_retirada" text,
	"atende_entregas" boolean DEFAULT false NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_preparo_check" CHECK ("unidades"."preparo_horas" >= 0 and "unidades"."preparo_horas" <= 168)
);
--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_status_check";--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_forma_check";--> statement-breakpoint
ALTER TABLE "produtos" DROP CONSTRAINT "produtos_preco_atual_check";--> statement-breakpoint
ALTER TABLE "produtos" DROP CONSTRAINT "produtos_preco_antes_check";--> statement-breakpoint
ALTER TABLE "produtos" DROP CONSTRAINT "produtos_estoque_check";--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "janela_entrega" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bairros_entrega" ADD COLUMN "unidade_id" uuid;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD COLUMN "variante_id" uuid;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD COLUMN "variante_rotulo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD COLUMN "produto_preco_antes" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD COLUMN "unidade_id" uuid;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "modo" text DEFAULT 'entrega' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "unidade_id" uuid;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "estoque_situacao" text DEFAULT 'reservado' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "codigo_retirada" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "pronto_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "retirado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "opcoes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "variantes" ADD CONSTRAINT "variantes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque" ADD CONSTRAINT "estoque_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque" ADD CONSTRAINT "estoque_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_estoque" ADD CONSTRAINT "movimentos_estoque_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_estoque" ADD CONSTRAINT "movimentos_estoque_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variantes_sku_idx" ON "variantes" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "variantes_ean_idx" ON "variantes" USING btree ("ean");--> statement-breakpoint
CREATE UNIQUE INDEX "variantes_combinacao_idx" ON "variantes" USING btree ("produto_id",coalesce("opcao1", ''),coalesce("opcao2", ''),coalesce("opcao3", ''));--> statement-breakpoint
CREATE INDEX "variantes_produto_idx" ON "variantes" USING btree ("produto_id","posicao");--> statement-breakpoint
CREATE INDEX "estoque_unidade_idx" ON "estoque" USING btree ("unidade_id");--> statement-breakpoint
CREATE INDEX "movimentos_estoque_variante_idx" ON "movimentos_estoque" USING btree ("variante_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movimentos_estoque_pedido_idx" ON "movimentos_estoque" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_slug_idx" ON "unidades" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "bairros_entrega" ADD CONSTRAINT "bairros_entrega_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_pedido" ADD CONSTRAINT "itens_pedido_variante_id_variantes_id_fk" FOREIGN KEY ("variante_id") REFERENCES "public"."variantes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_unidade_id_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itens_pedido_variante_idx" ON "itens_pedido" USING btree ("variante_id");--> statement-breakpoint
CREATE INDEX "pedidos_unidade_idx" ON "pedidos" USING btree ("unidade_id","modo");--> statement-breakpoint
-- Data: the two units of app/content/shop.ts become rows; every product becomes one product
-- with one default variant (same id and SKU), its stock goes to the open unit with a ledger
-- row; old orders point at that unit. Their stock was taken at checkout (the old rule), so
-- they count as handed over ('baixado'), or released when their cancellation gave it back.
INSERT INTO "unidades" ("slug", "nome", "endereco", "bairro", "cidade", "uf", "cep", "telefone", "whatsapp", "horarios", "servicos", "maps_url", "em_breve", "retirada_ativa", "preparo_horas", "instrucoes_retirada", "atende_entregas", "posicao") VALUES
('meia-praia', 'Unidade Meia Praia', 'Rua 416', 'Meia Praia', 'Itapema', 'SC', '88220-000', '47999990416', '47999990416', '[null,{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"18:00"}]'::jsonb, '["Loja completa", "Rações e acessórios", "Produtos agropecuários"]'::jsonb, 'https://www.google.com/maps/search/?api=1&query=Rua+416%2C+Meia+Praia%2C+Itapema+SC', false, true, 2, 'Retire no balcão informando o número do pedido e o código de retirada.', true, 0),
('rua-406', 'Nova Unidade', 'Rua 406 esquina com 408', 'Meia Praia', 'Itapema', 'SC', '88220-000', '47999990416', '47999990416', '[null,{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"20:00"},{"abre":"09:00","fecha":"18:00"}]'::jsonb, '["Loja", "Banho & Tosa", "Pré-agendamento pelo WhatsApp"]'::jsonb, 'https://www.google.com/maps/search/?api=1&query=Rua+406+esquina+com+408%2C+Meia+Praia%2C+Itapema+SC', true, false, 2, NULL, false, 1);--> statement-breakpoint
INSERT INTO "variantes" ("id", "produto_id", "sku", "rotulo", "preco", "preco_antes", "ativo", "posicao", "created_at", "updated_at")
  SELECT "id", "id", coalesce(nullif(trim("sku"), ''), 'PROD-' || upper(substr(replace("id"::text, '-', ''), 1, 10))), '', "preco_atual", "preco_antes", true, 0, "created_at", "updated_at" FROM "produtos";--> statement-breakpoint
INSERT INTO "estoque" ("variante_id", "unidade_id", "em_maos")
  SELECT p."id", u."id", CASE WHEN u."slug" = 'meia-praia' THEN p."estoque" ELSE 0 END FROM "produtos" p CROSS JOIN "unidades" u;--> statement-breakpoint
INSERT INTO "movimentos_estoque" ("variante_id", "unidade_id", "tipo", "delta_em_maos", "em_maos_depois", "reservado_depois", "motivo")
  SELECT "variante_id", "unidade_id", 'importacao', "em_maos", "em_maos", 0, 'Estoque único anterior às unidades' FROM "estoque" WHERE "em_maos" > 0;--> statement-breakpoint
UPDATE "itens_pedido" i SET "variante_id" = v."id", "sku" = v."sku", "unidade_id" = (SELECT "id" FROM "unidades" WHERE "slug" = 'meia-praia')
  FROM "variantes" v WHERE v."id" = i."produto_id";--> statement-breakpoint
UPDATE "pedidos" SET "unidade_id" = (SELECT "id" FROM "unidades" WHERE "slug" = 'meia-praia'),
  "estoque_situacao" = CASE WHEN "estoque_devolvido" THEN 'liberado' ELSE 'baixado' END;--> statement-breakpoint
UPDATE "bairros_entrega" SET "unidade_id" = (SELECT "id" FROM "unidades" WHERE "slug" = 'meia-praia');--> statement-breakpoint
ALTER TABLE "pedidos" DROP COLUMN "estoque_devolvido";--> statement-breakpoint
ALTER TABLE "produtos" DROP COLUMN "preco_atual";--> statement-breakpoint
ALTER TABLE "produtos" DROP COLUMN "preco_antes";--> statement-breakpoint
ALTER TABLE "produtos" DROP COLUMN "estoque";--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_modo_check" CHECK (modo in ('entrega', 'retirada'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_estoque_situacao_check" CHECK (estoque_situacao in ('reservado', 'liberado', 'baixado', 'devolvido'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_status_check" CHECK (status_pedido in ('novo', 'preparo', 'saiu_entrega', 'pronto_retirada', 'entregue', 'retirado', 'cancelado'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_forma_check" CHECK (forma_pagamento in ('pix', 'pix_mercadopago', 'cartao', 'dinheiro', 'cartao_entrega', 'balcao'));--> statement-breakpoint
-- What the public pages show now also lives in the variants, the stock per unit and the
-- units: their changes announce themselves like the products' (migration 0003).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['variantes', 'estoque', 'unidades'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas()',
      t || '_avisa_paginas', t);
  END LOOP;
END
$$;
