ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "renews_subscription_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "boleto_line" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "boleto_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pix_authorization_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('card', 'pix', 'boleto'));