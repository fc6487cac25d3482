CREATE TABLE "spent_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_bursts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "burst_id" uuid;--> statement-breakpoint
ALTER TABLE "submission_bursts" ADD CONSTRAINT "submission_bursts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "submission_bursts_business_idx" ON "submission_bursts" USING btree ("business_id","last_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_burst_id_submission_bursts_id_fk" FOREIGN KEY ("burst_id") REFERENCES "public"."submission_bursts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_burst_idx" ON "testimonials" USING btree ("burst_id") WHERE "testimonials"."burst_id" is not null;