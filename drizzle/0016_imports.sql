CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"format" text NOT NULL,
	"imported" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"failed" integer NOT NULL,
	"photos_queued" integer DEFAULT 0 NOT NULL,
	"photos_done" integer DEFAULT 0 NOT NULL,
	"photo_failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_business_created_idx" ON "import_runs" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_business_source_key_idx" ON "testimonials" USING btree ("business_id","source","source_key");