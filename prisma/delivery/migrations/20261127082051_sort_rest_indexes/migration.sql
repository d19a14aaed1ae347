-- CreateIndex
CREATE INDEX "intake_submissions_organization_id_updated_at_id_idx" ON "delivery"."intake_submissions"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "sprints_organization_id_created_at_id_idx" ON "delivery"."sprints"("organization_id", "created_at", "id");
