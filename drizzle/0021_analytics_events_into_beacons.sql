-- The raw events of the last 30 days, one row each until now, become one row per beacon: the rows of one beacon
-- share their business, time, page and visitor. Hand-written (drizzle-kit generates only the DROP).
INSERT INTO "analytics_beacons" ("business_id", "received_at", "day", "slug", "page", "visitor", "events")
SELECT "business_id", "occurred_at", "day", max("widget"), "page", "visitor",
       jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
         'type', "type", 'testimonialId', "testimonial_id", 'action', "action", 'source', "source", 'ms', "ms"
       )) ORDER BY "id")
FROM "analytics_events"
GROUP BY "business_id", "occurred_at", "day", "page", "visitor";--> statement-breakpoint
DROP TABLE "analytics_events" CASCADE;
