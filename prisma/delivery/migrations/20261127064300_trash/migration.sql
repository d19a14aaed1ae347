-- DropIndex
DROP INDEX "delivery"."labels_organization_id_name_key";

-- DropIndex
DROP INDEX "delivery"."teams_organization_id_name_key";

-- AlterTable
ALTER TABLE "delivery"."changelog_entries" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "delivery"."intake_submissions" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "delivery"."labels" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "delivery"."sprints" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "delivery"."teams" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "delivery"."work_items" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- CreateIndex
CREATE INDEX "changelog_entries_trash_idx" ON "delivery"."changelog_entries"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "intake_submissions_trash_idx" ON "delivery"."intake_submissions"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "labels_trash_idx" ON "delivery"."labels"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "labels_organization_id_name_key" ON "delivery"."labels"("organization_id", "name") WHERE (deleted_at IS NULL);

-- CreateIndex
CREATE INDEX "sprints_trash_idx" ON "delivery"."sprints"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "teams_trash_idx" ON "delivery"."teams"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "teams_organization_id_name_key" ON "delivery"."teams"("organization_id", "name") WHERE (deleted_at IS NULL);

-- CreateIndex
CREATE INDEX "work_items_trash_idx" ON "delivery"."work_items"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);
