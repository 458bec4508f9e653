-- Search matches an audio when any tag contains the query. An index needs one immutable text per
-- row: the tags, lower-cased and unaccented, joined by a line break (a query is one trimmed line,
-- and the repository still checks tag by tag, so a match never spans two tags).
CREATE OR REPLACE FUNCTION immutable_unaccent_tags(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.immutable_unaccent(lower(array_to_string(tags, E'\n'))) $$;--> statement-breakpoint
CREATE INDEX "audios_tags_trgm_idx" ON "audios" USING gin (immutable_unaccent_tags("tags") gin_trgm_ops);
