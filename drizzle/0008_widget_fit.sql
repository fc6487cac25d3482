CREATE TABLE "copied_snippets" (
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"height" integer NOT NULL,
	"copied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copied_snippets_business_id_kind_pk" PRIMARY KEY("business_id","kind")
);
--> statement-breakpoint
ALTER TABLE "widget_settings" ADD COLUMN "show_invite" boolean DEFAULT true;--> statement-breakpoint
ALTER TABLE "copied_snippets" ADD CONSTRAINT "copied_snippets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;