-- The units are shown by the home, the footer of every public page, the contact page and the
-- structured data: a change to them announces itself on 'agropet_paginas' like the other
-- tables those pages read (migration 0003), so every instance drops its kept pages and reads.
CREATE TRIGGER unidades_avisa_paginas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unidades"
  FOR EACH STATEMENT EXECUTE FUNCTION agropet_avisa_paginas();
