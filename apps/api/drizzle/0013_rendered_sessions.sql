CREATE TABLE "session_renders" (
	"key" text PRIMARY KEY NOT NULL,
	"plan" jsonb NOT NULL,
	"audio_ids" uuid[] NOT NULL,
	"source_file_keys" text[] NOT NULL,
	"size_bytes" integer NOT NULL,
	"rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_voice_lengths" (
	"audio_id" uuid PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"samples" integer NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_voice_lengths" ADD CONSTRAINT "session_voice_lengths_audio_id_audios_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_renders_rendered_lru_idx" ON "session_renders" USING btree ("last_used_at") WHERE "session_renders"."rendered_at" IS NOT NULL;