-- The raw beacons of the last 30 days, one row each until now, move into batches: a row per business, hour and
-- thousand consecutive beacons (the sweep deletes a batch 30 days after its last beacon, so none stays more than an
-- hour longer), as plain JSON ('identity'; the server gzips the batches it writes, which SQL cannot).
-- Hand-written (drizzle-kit generates only the DROP).
INSERT INTO "analytics_beacon_batches" ("business_id", "received_at", "beacons", "events", "encoding", "data")
SELECT "business_id", max("received_at"), count(*), sum(jsonb_array_length("events")), 'identity',
       convert_to(jsonb_agg(jsonb_build_object(
         'receivedAt', "received_at", 'day', "day", 'slug', "slug", 'page', "page", 'visitor', "visitor",
         'events', "events"
       ) ORDER BY "id")::text, 'UTF8')
FROM "analytics_beacons"
GROUP BY "business_id", date_trunc('hour', "received_at"), "id" / 1000;--> statement-breakpoint
DROP TABLE "analytics_beacons" CASCADE;
