-- Every foreign key that removes or clears rows when its parent is deleted gets an index led by its
-- column (docs/decisions.md, "Cost at scale"). The trash purge deletes for good; PostgreSQL then
-- runs, for each purged row, the key's own statement (`DELETE FROM ONLY comments WHERE $1 =
-- work_item_id`, `UPDATE ONLY work_items SET parent_id = NULL WHERE $1 = parent_id`, ...), which
-- names no organization: with the indexes led by organization_id, each was a scan of the whole
-- table (two million work items for one purged parent).
-- The lists keep their plans: they name both columns, and equality on both serves either order.

DROP INDEX "delivery"."comments_organization_id_work_item_id_created_at_id_idx";
CREATE INDEX "comments_work_item_id_organization_id_created_at_id_idx" ON "delivery"."comments"("work_item_id", "organization_id", "created_at", "id");

DROP INDEX "delivery"."intake_comments_organization_id_submission_id_created_at_id_idx";
CREATE INDEX "intake_comments_submission_id_organization_id_created_at_id_idx" ON "delivery"."intake_comments"("submission_id", "organization_id", "created_at", "id");

DROP INDEX "delivery"."work_items_organization_id_parent_id_idx";
CREATE INDEX "work_items_parent_id_organization_id_idx" ON "delivery"."work_items"("parent_id", "organization_id");

DROP INDEX "delivery"."work_items_organization_id_sprint_id_idx";
CREATE INDEX "work_items_sprint_id_organization_id_idx" ON "delivery"."work_items"("sprint_id", "organization_id");

CREATE INDEX "sprints_team_id_idx" ON "delivery"."sprints"("team_id") WHERE (team_id IS NOT NULL);
