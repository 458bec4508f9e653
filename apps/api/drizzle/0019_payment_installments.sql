ALTER TABLE "payments" ADD COLUMN "installments" integer;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "installments" integer;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "installments" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installments_range" CHECK ("payments"."installments" is null or ("payments"."method" = 'card' and "payments"."installments" between 1 and 12));