-- Gifts (docs/product/commerce.md#gifts, ADR 035): a plan paid once for someone else, delivered by e-mail on its day and redeemed into an account; checkouts of the new flow 'gift'; the sandbox keeps a one-off payment's charge on its checkout.
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_user_id" text,
	"buyer_email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"plan_code" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"paid_at" timestamp with time zone,
	"token_hash" text,
	"delivered_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_deliver_on_date" CHECK ("gifts"."deliver_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "gifts_amount_positive" CHECK ("gifts"."amount_cents" > 0),
	CONSTRAINT "gifts_redeemed_or_refunded" CHECK ("gifts"."redeemed_at" is null or "gifts"."refunded_at" is null)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_flow_known";--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_user_id_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_user_id_user_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_checkout_idx" ON "gifts" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_token_idx" ON "gifts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "gifts_recipient_idx" ON "gifts" USING btree (lower("recipient_email"));--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("deliver_on") WHERE "gifts"."paid_at" is not null and "gifts"."delivered_at" is null and "gifts"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_flow_known" CHECK ("checkout_sessions"."flow" in ('auth_first', 'pay_first', 'gift'));