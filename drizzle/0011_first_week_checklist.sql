ALTER TABLE "businesses" ADD COLUMN "collection_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "widget_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "widget_seen_origin" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;