-- CreateIndex
CREATE INDEX "work_items_organization_id_opportunity_id_idx" ON "delivery"."work_items"("organization_id", "opportunity_id");
