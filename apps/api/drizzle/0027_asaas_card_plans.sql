CREATE TABLE "asaas_card_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"plan_name" text NOT NULL,
	"interval_months" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"installment_count" integer NOT NULL,
	"installment_interest_bp" integer DEFAULT 0 NOT NULL,
	"remote_ip" text NOT NULL,
	"customer_id" text,
	"card_token" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"periods_paid" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"charging_until" timestamp with time zone,
	"pending_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asaas_card_plans_status_known" CHECK ("asaas_card_plans"."status" in ('pending', 'active', 'past_due', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "asaas_card_plans_checkout_idx" ON "asaas_card_plans" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "asaas_card_plans_due_idx" ON "asaas_card_plans" USING btree ("next_charge_at") WHERE "asaas_card_plans"."status" in ('active', 'past_due');