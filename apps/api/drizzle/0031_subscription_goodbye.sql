-- A fair goodbye (docs/product/commerce.md#a-fair-goodbye): why subscribers leave and what they chose, a pause window on the subscription, and the sandbox's discount on the next renewal.
CREATE TABLE "subscription_exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" text,
	"reason" text,
	"note" text,
	"offer_made" boolean NOT NULL,
	"outcome" text NOT NULL,
	"pause_months" integer,
	"discount_percent" integer,
	"came_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_exits_outcome_known" CHECK ("subscription_exits"."outcome" in ('canceled', 'paused', 'discounted')),
	CONSTRAINT "subscription_exits_pause_range" CHECK ("subscription_exits"."pause_months" is null or "subscription_exits"."pause_months" between 1 and 3),
	CONSTRAINT "subscription_exits_discount_range" CHECK ("subscription_exits"."discount_percent" is null or "subscription_exits"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "next_renewal_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "subscription_exits" ADD CONSTRAINT "subscription_exits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_exits" ADD CONSTRAINT "subscription_exits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_exits_subscription_idx" ON "subscription_exits" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_exits_created_idx" ON "subscription_exits" USING btree ("created_at");