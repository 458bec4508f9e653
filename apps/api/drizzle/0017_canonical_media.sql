ALTER TABLE "audios" ADD COLUMN "canonical_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "loudness_before_lufs" real;--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "loudness_before_peak" real;--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "loudness_after_lufs" real;--> statement-breakpoint
ALTER TABLE "audios" ADD COLUMN "loudness_after_peak" real;--> statement-breakpoint
ALTER TABLE "background_music" ADD COLUMN "canonical_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "background_music" ADD COLUMN "loudness_before_lufs" real;--> statement-breakpoint
ALTER TABLE "background_music" ADD COLUMN "loudness_before_peak" real;--> statement-breakpoint
ALTER TABLE "background_music" ADD COLUMN "loudness_after_lufs" real;--> statement-breakpoint
ALTER TABLE "background_music" ADD COLUMN "loudness_after_peak" real;