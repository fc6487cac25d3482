CREATE TABLE "email_suppressions" (
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"testimonial_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "request_subject" text DEFAULT 'How was your experience with {business name}?' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "request_body" text DEFAULT 'Hi {first name},

Thank you for choosing {business name}. Would you take a minute to tell us how it went? Tap a star below to start; a few words are plenty.

Your words help other people find us, and help us do better.

Thank you,
{business name}' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "request_reminder_days" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "request_daily_cap" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_business_email_idx" ON "email_suppressions" USING btree ("business_id","email");--> statement-breakpoint
CREATE INDEX "review_requests_business_created_idx" ON "review_requests" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_requests_business_email_idx" ON "review_requests" USING btree ("business_id","email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_requests_business_send_at_idx" ON "review_requests" USING btree ("business_id","send_at");