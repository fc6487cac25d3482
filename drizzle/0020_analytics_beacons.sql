CREATE TABLE "analytics_beacons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"slug" text,
	"page" text,
	"visitor" text,
	"events" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_beacons" ADD CONSTRAINT "analytics_beacons_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_beacons_received_idx" ON "analytics_beacons" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_beacons_business_idx" ON "analytics_beacons" USING btree ("business_id");