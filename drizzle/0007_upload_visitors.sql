ALTER TABLE "uploads" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "checked" boolean DEFAULT false NOT NULL;