CREATE TABLE "analytics_beacon_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"beacons" integer NOT NULL,
	"events" integer NOT NULL,
	"encoding" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_beacon_batches" ADD CONSTRAINT "analytics_beacon_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_beacon_batches_received_idx" ON "analytics_beacon_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_beacon_batches_business_idx" ON "analytics_beacon_batches" USING btree ("business_id");