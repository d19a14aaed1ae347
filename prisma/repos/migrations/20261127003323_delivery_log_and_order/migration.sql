-- DropIndex
DROP INDEX "repos"."received_deliveries_connection_id_provider_id_key";

-- AlterTable
ALTER TABLE "repos"."pull_requests" ADD COLUMN     "provider_updated_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "repos"."received_deliveries" ADD COLUMN     "linked_keys" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "received_deliveries_log_idx" ON "repos"."received_deliveries"("organization_id", "connection_id", "received_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "received_deliveries_connection_id_provider_id_key" ON "repos"."received_deliveries"("connection_id", "provider_id") WHERE (status <> 'DUPLICATE');
