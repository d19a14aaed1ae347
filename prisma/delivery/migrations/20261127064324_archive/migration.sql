-- AlterTable
ALTER TABLE "delivery"."sprints" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "delivery"."work_items" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "sprints_live_list_idx" ON "delivery"."sprints"("organization_id", "start_date", "id") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "work_items_live_list_idx" ON "delivery"."work_items"("organization_id", "number") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "work_items_auto_archive_idx" ON "delivery"."work_items"("organization_id", "updated_at") WHERE (archived_at IS NULL AND status IN ('DONE', 'CANCELLED'));
