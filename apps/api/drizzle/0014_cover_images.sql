ALTER TABLE "audios" ADD COLUMN "cover_image" uuid;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "cover_image" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "cover_image" uuid;