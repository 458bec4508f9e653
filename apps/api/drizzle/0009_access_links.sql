CREATE TABLE "access_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "access_links_token_hash_idx" ON "access_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_links_email_idx" ON "access_links" USING btree (lower("email"));