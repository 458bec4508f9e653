-- Search reads stored, already normalised text (docs/performance.md §3): the title and the joined
-- tags are lower-cased and unaccented once per write instead of on every row of every search, and
-- their trigram indexes have no pending list (fastupdate off), so a search reads the index only.
-- They replace the expression indexes of migrations 0004 and 0007.
DROP INDEX "audios_title_trgm_idx";--> statement-breakpoint
DROP INDEX "audios_tags_trgm_idx";--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "search_title" text GENERATED ALWAYS AS (lower(immutable_unaccent(lower("audios"."title")))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "search_tags" text GENERATED ALWAYS AS (lower(immutable_unaccent_tags("audios"."tags"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audios_search_title_trgm_idx" ON "audios" USING gin ("search_title" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "audios_search_tags_trgm_idx" ON "audios" USING gin ("search_tags" gin_trgm_ops) WITH (fastupdate=off);