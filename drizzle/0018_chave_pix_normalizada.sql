-- Pix keys saved before keys were normalised (issue 39): put each in the form the Central
-- Bank's directory stores it, as app/domain/pix-key.ts does for new ones (keep the two in
-- step). A value that is no valid key is left as it was: the admin flags it to be fixed.
CREATE OR REPLACE FUNCTION agropet_tmp_dv(base text, ciclo boolean) RETURNS integer
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  soma integer := 0;
  n integer := length(base);
BEGIN
  -- Modulo 11 from the right: CPF weights 2, 3, 4…; CNPJ 2…9 again and again, each
  -- character worth its ASCII code minus 48 (the RFB's rule for alphanumeric CNPJs).
  FOR k IN 0..n - 1 LOOP
    soma := soma + (ascii(substr(base, n - k, 1)) - 48)
      * (CASE WHEN ciclo THEN 2 + k % 8 ELSE 2 + k END);
  END LOOP;
  RETURN CASE WHEN soma % 11 < 2 THEN 0 ELSE 11 - soma % 11 END;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agropet_tmp_chave_pix(digitada text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := btrim(digitada);
  s text;
  d text;
  cpf_ok boolean;
  cnpj_ok boolean;
BEGIN
  IF t = '' OR length(t) > 77 THEN RETURN NULL; END IF;
  IF position('@' IN t) > 0 THEN
    RETURN CASE WHEN t ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' THEN lower(t) END;
  END IF;
  IF t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN lower(t);
  END IF;
  s := upper(regexp_replace(t, '[\s.\-/()]', '', 'g'));
  IF left(t, 1) = '+' THEN
    d := substr(s, 2);
    RETURN CASE WHEN d ~ '^55[1-9][1-9]9\d{8}$' THEN '+' || d END;
  END IF;
  IF position('(' IN t) > 0 THEN
    RETURN CASE
      WHEN s ~ '^[1-9][1-9]9\d{8}$' THEN '+55' || s
      WHEN s ~ '^55[1-9][1-9]9\d{8}$' THEN '+' || s
    END;
  END IF;
  cpf_ok := s ~ '^\d{11}$' AND s !~ '^(\d)\1{10}$' AND s <> '12345678909'
    AND agropet_tmp_dv(left(s, 9), false) = substr(s, 10, 1)::integer
    AND agropet_tmp_dv(left(s, 10), false) = substr(s, 11, 1)::integer;
  cnpj_ok := s ~ '^[0-9A-Z]{12}\d{2}$' AND s !~ '^(\d)\1{13}$'
    AND agropet_tmp_dv(left(s, 12), true) = substr(s, 13, 1)::integer
    AND agropet_tmp_dv(left(s, 13), true) = substr(s, 14, 1)::integer;
  IF t ~ '^\d{3}\.\d{3}\.\d{3}-\d{2}$' THEN RETURN CASE WHEN cpf_ok THEN s END; END IF;
  IF t ~* '^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}/[0-9A-Z]{4}-\d{2}$' THEN
    RETURN CASE WHEN cnpj_ok THEN s END;
  END IF;
  IF cpf_ok OR cnpj_ok THEN RETURN s; END IF;
  IF s ~ '^[0-9A-Z]{12}\d{2}$' THEN RETURN NULL; END IF;
  RETURN CASE
    WHEN s ~ '^[1-9][1-9]9\d{8}$' THEN '+55' || s
    WHEN s ~ '^55[1-9][1-9]9\d{8}$' THEN '+' || s
  END;
END $$;
--> statement-breakpoint
UPDATE "configuracoes" SET "pix_chave" = agropet_tmp_chave_pix("pix_chave")
WHERE "pix_chave" IS NOT NULL AND agropet_tmp_chave_pix("pix_chave") IS NOT NULL
  AND agropet_tmp_chave_pix("pix_chave") <> "pix_chave";
--> statement-breakpoint
DROP FUNCTION agropet_tmp_chave_pix(text);
--> statement-breakpoint
DROP FUNCTION agropet_tmp_dv(text, boolean);
