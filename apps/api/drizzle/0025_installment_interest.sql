ALTER TABLE "payments" ADD COLUMN "installments_with_interest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "installment_interest_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "installment_interest_bp" integer DEFAULT 0 NOT NULL;