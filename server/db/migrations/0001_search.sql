-- Accent- and case-insensitive, typo-tolerant search ("creme" and "crme" find "Crème").
-- unaccent() is only STABLE, so an IMMUTABLE wrapper with an explicit dictionary is needed to index it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_trgm_idx ON products
  USING gin (mp_fold(name || ' ' || coalesce(brand, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS stores_search_trgm_idx ON stores
  USING gin (mp_fold(name || ' ' || coalesce(address, '') || ' ' || coalesce(district, '')) gin_trgm_ops);
