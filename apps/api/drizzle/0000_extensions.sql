-- Accent- and case-insensitive search ("audio" finds "áudio") needs unaccent and pg_trgm.
-- Both exist in PGlite (loaded as extensions at start) and in PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is STABLE, so it cannot be used in an index expression; this IMMUTABLE wrapper
-- pins the dictionary so trigram indexes over unaccented text are allowed.
CREATE OR REPLACE FUNCTION immutable_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
