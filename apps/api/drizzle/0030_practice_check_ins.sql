CREATE TABLE "practice_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"audio_id" uuid,
	"program_id" uuid,
	"day" integer,
	"title" text NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"mood_before" smallint,
	"mood_after" smallint,
	"note" text DEFAULT '' NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_check_ins_mood_before_range" CHECK ("practice_check_ins"."mood_before" between 1 and 5),
	CONSTRAINT "practice_check_ins_mood_after_range" CHECK ("practice_check_ins"."mood_after" between 1 and 5),
	CONSTRAINT "practice_check_ins_note_length" CHECK (char_length("practice_check_ins"."note") <= 500),
	CONSTRAINT "practice_check_ins_minutes_range" CHECK ("practice_check_ins"."minutes" between 0 and 1440)
);
--> statement-breakpoint
ALTER TABLE "practice_check_ins" ADD CONSTRAINT "practice_check_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_check_ins" ADD CONSTRAINT "practice_check_ins_audio_id_audios_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_check_ins" ADD CONSTRAINT "practice_check_ins_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_check_ins_user_created_idx" ON "practice_check_ins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_check_ins_user_date_idx" ON "practice_check_ins" USING btree ("user_id","local_date");