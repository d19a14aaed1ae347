-- The event log behind GET /events: every contract event is stored (subscribed or not), with its
-- type for filtering, and ordered by the inserting transaction, then a sequence within it. A
-- reader shows only transactions older than every running one (pg_snapshot_xmin), so an event
-- that commits late can never land behind a position a consumer has already read past.

-- AlterTable
ALTER TABLE "webhooks"."events" ADD COLUMN     "seq" BIGSERIAL NOT NULL,
ADD COLUMN     "tx" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
ADD COLUMN     "type" TEXT NOT NULL DEFAULT '';

-- Rows stored so far: their type is in the envelope.
UPDATE "webhooks"."events" SET "type" = ("body"::jsonb ->> 'event');
ALTER TABLE "webhooks"."events" ALTER COLUMN "type" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "events_organization_id_tx_seq_idx" ON "webhooks"."events"("organization_id", "tx", "seq");

-- CreateIndex
CREATE INDEX "events_created_at_idx" ON "webhooks"."events" USING BRIN ("created_at");

-- The retention's prune of finished deliveries.
-- CreateIndex
CREATE INDEX "deliveries_created_at_idx" ON "webhooks"."deliveries" USING BRIN ("created_at");
