-- Transcripts (docs/product/listening.md#transcript): one row per audio that has one, in its own
-- table so the audio rows stay small; search reads the stored, normalised search_text through a
-- trigram index without a pending list, like the audios' title and tags (migration 0008).
CREATE TABLE "audio_transcripts" (
	"audio_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(immutable_unaccent(lower(regexp_replace("audio_transcripts"."text", '[[:space:]]+', ' ', 'g'))))) STORED NOT NULL,
	CONSTRAINT "audio_transcripts_text_length" CHECK (char_length("audio_transcripts"."text") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "audio_transcripts" ADD CONSTRAINT "audio_transcripts_audio_id_audios_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_transcripts_search_text_trgm_idx" ON "audio_transcripts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);