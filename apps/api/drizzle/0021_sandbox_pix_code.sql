ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "pix_txid" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "pix_expires_at" timestamp with time zone;