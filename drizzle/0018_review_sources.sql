CREATE TABLE "review_sources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"credentials" text NOT NULL,
	"google_location_name" text,
	"google_location_title" text,
	"trustpilot_business_unit_id" text,
	"trusted" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"next_sync_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "review_source_id" uuid;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "source_digest" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "gone_from_source_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_sources" ADD CONSTRAINT "review_sources_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_sources_business_kind_idx" ON "review_sources" USING btree ("business_id","kind");--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_review_source_id_review_sources_id_fk" FOREIGN KEY ("review_source_id") REFERENCES "public"."review_sources"("id") ON DELETE set null ON UPDATE no action;