ALTER TABLE "uploads" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "size" integer;--> statement-breakpoint
CREATE INDEX "uploads_waiting_idx" ON "uploads" USING btree ("business_id") WHERE "uploads"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "users_reset_token_idx" ON "users" USING btree ("reset_token") WHERE "users"."reset_token" is not null;