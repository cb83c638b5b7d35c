-- Every change to what the public pages show (products and their stock, categories,
-- coupons, delivery neighbourhoods, store settings) announces itself on the channel
-- 'agropet_paginas' when its transaction commits. Each app instance listens and drops its
-- cached pages (server/page-cache.ts). A trigger catches every path that writes: admin
-- screens, checkout stock, import, restore.
CREATE OR REPLACE FUNCTION agropet_avisa_paginas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agropet_paginas', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER produtos_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "produtos"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();--> statement-breakpoint
CREATE TRIGGER categorias_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categorias"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();--> statement-breakpoint
CREATE TRIGGER cupons_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cupons"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();--> statement-breakpoint
CREATE TRIGGER bairros_entrega_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bairros_entrega"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();--> statement-breakpoint
CREATE TRIGGER configuracoes_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "configuracoes"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();
