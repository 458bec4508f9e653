ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('paid', 'refunded', 'disputed'));