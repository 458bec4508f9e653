CREATE TABLE "practice_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"time_zone_chosen" boolean DEFAULT false NOT NULL,
	"hide_streak" boolean DEFAULT false NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_time" text DEFAULT '08:00' NOT NULL,
	"reminder_weekdays" smallint[] DEFAULT '{0,1,2,3,4,5,6}'::smallint[] NOT NULL,
	"reminder_channels" text[] DEFAULT '{push}'::text[] NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_preferences_reminder_time_format" CHECK ("practice_preferences"."reminder_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "program_day_completions" (
	"enrolment_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"completed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_day_completions_pk" PRIMARY KEY("enrolment_id","day")
);
--> statement-breakpoint
CREATE TABLE "program_day_items" (
	"program_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"position" integer NOT NULL,
	"audio_id" uuid NOT NULL,
	"repetitions" integer NOT NULL,
	CONSTRAINT "program_day_items_pk" PRIMARY KEY("program_id","day","position"),
	CONSTRAINT "program_day_items_repetitions_range" CHECK ("program_day_items"."repetitions" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "program_days" (
	"program_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"intention" text DEFAULT '' NOT NULL,
	CONSTRAINT "program_days_pk" PRIMARY KEY("program_id","day"),
	CONSTRAINT "program_days_day_positive" CHECK ("program_days"."day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "program_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"program_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"enrolled_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "program_enrolments_status_known" CHECK ("program_enrolments"."status" in ('active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"program_id" uuid,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "practice_preferences" ADD CONSTRAINT "practice_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_day_completions" ADD CONSTRAINT "program_day_completions_enrolment_id_program_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."program_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_day_items" ADD CONSTRAINT "program_day_items_audio_id_audios_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_day_items" ADD CONSTRAINT "program_day_items_day_fk" FOREIGN KEY ("program_id","day") REFERENCES "public"."program_days"("program_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_days" ADD CONSTRAINT "program_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrolments" ADD CONSTRAINT "program_enrolments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_preferences_unsubscribe_token_key" ON "practice_preferences" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "practice_preferences_reminders_idx" ON "practice_preferences" USING btree ("reminders_enabled") WHERE "practice_preferences"."reminders_enabled";--> statement-breakpoint
CREATE INDEX "program_day_items_audio_id_idx" ON "program_day_items" USING btree ("audio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_enrolments_user_program_key" ON "program_enrolments" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "program_enrolments_program_id_idx" ON "program_enrolments" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_slug_key" ON "programs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_user_date_key" ON "reminder_deliveries" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_sent_at_idx" ON "reminder_deliveries" USING btree ("created_at");