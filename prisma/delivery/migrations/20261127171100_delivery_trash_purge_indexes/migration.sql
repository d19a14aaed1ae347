-- The trash purge removes what is past the retention in every organization at once,
-- in batches (TrashStore.purgeBatch). The trash indexes lead with the organization (they serve
-- each organization's trash page), so a batch read every trashed row of every organization to
-- find the expired ones. These index only trashed rows (nothing for live ones, which are nearly
-- all of a table) by deletion time, so a batch reads the expired rows and stops.

-- CreateIndex
CREATE INDEX "changelog_entries_purge_idx" ON "delivery"."changelog_entries"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "intake_submissions_purge_idx" ON "delivery"."intake_submissions"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "labels_purge_idx" ON "delivery"."labels"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "sprints_purge_idx" ON "delivery"."sprints"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "teams_purge_idx" ON "delivery"."teams"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "work_items_purge_idx" ON "delivery"."work_items"("deleted_at") WHERE (deleted_at IS NOT NULL);
