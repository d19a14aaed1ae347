-- A subscription belongs to one organization, which PostgreSQL cannot know: it multiplied the two
-- filters' selectivities and expected 146 of a 10,000-delivery subscription's rows in a
-- 50,000-delivery organization, so it ANDed two bitmaps and sorted all 10,000 rows (20 ms) instead
-- of reading the newest 51 down deliveries_webhook_idx (0.1 ms). The dependency statistics tell it.
CREATE STATISTICS "webhooks"."deliveries_organization_webhook" (dependencies) ON "organization_id", "webhook_id" FROM "webhooks"."deliveries";
ANALYZE "webhooks"."deliveries";
