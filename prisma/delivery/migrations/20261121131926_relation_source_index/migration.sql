-- CreateIndex
CREATE INDEX "work_item_relations_source_id_type_idx" ON "delivery"."work_item_relations"("source_id", "type");
