-- DropIndex
DROP INDEX "delivery"."work_items_organization_id_status_idx";

-- CreateIndex
CREATE INDEX "work_items_organization_id_created_at_id_idx" ON "delivery"."work_items"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_priority_id_idx" ON "delivery"."work_items"("organization_id", "priority", "id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_status_id_idx" ON "delivery"."work_items"("organization_id", "status", "id");
