CREATE TABLE "email_campaign_messages" (
	"campaign_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	CONSTRAINT "email_campaign_messages_pk" PRIMARY KEY("campaign_id","outbox_id")
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"segment" text NOT NULL,
	"interest" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_campaigns_segment_known" CHECK ("email_campaigns"."segment" in ('all_leads', 'leads_by_interest', 'active_subscribers', 'expired_subscribers'))
);
--> statement-breakpoint
ALTER TABLE "email_campaign_messages" ADD CONSTRAINT "email_campaign_messages_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign_messages" ADD CONSTRAINT "email_campaign_messages_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_messages_outbox_idx" ON "email_campaign_messages" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "email_campaigns_created_at_idx" ON "email_campaigns" USING btree ("created_at");