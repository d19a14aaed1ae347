-- The envelope body is stored once per event instead of once per delivery row: a delivery row is
-- written twice (insert, then the attempt's update), and with the body inline both writes copied
-- it for every subscription of the event (docs/benchmarks.md, "Webhooks").

-- CreateTable
CREATE TABLE "webhooks"."events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- Every delivery of one event carries the same body; keep the earliest row's.
INSERT INTO "webhooks"."events" ("id", "organization_id", "body", "created_at")
SELECT DISTINCT ON ("event_id") "event_id", "organization_id", "body", "created_at"
  FROM "webhooks"."deliveries"
 ORDER BY "event_id", "created_at";

-- AlterTable
ALTER TABLE "webhooks"."deliveries" DROP COLUMN "body";

-- Delivered and failed rows leave the due index (next_attempt_at is null for them), so it holds
-- the backlog only and a successful attempt writes one index entry fewer.
-- DropIndex
DROP INDEX "webhooks"."deliveries_due_idx";

-- CreateIndex
CREATE INDEX "deliveries_due_idx" ON "webhooks"."deliveries"("next_attempt_at") WHERE (next_attempt_at IS NOT NULL);
