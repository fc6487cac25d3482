ALTER TABLE "testimonials" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_key_last_four" text;--> statement-breakpoint
CREATE INDEX "wix_sites_user_idx" ON "wix_sites" USING btree ("user_id","created_at" DESC NULLS LAST);