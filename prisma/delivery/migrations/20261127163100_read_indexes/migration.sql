-- The intake list sorted by votes breaks ties by id, as every sort of the list does (prismaSorted):
-- the older (organization_id, vote_count, number) index does not give that order, so the list
-- sorted the organization's whole intake. This one is read forwards or backwards for either direction.

-- CreateIndex
CREATE INDEX "intake_submissions_organization_id_vote_count_id_idx" ON "delivery"."intake_submissions"("organization_id", "vote_count" DESC, "id" DESC);

-- Every read of a submission loads its open moderation reports (INTAKE_INCLUDE: resolved_at IS NULL,
-- by submission, oldest first); a list page loads them for a page of submissions at once. Moderation
-- resolves most reports, so a partial index of the open ones stays small and answers both.

-- CreateIndex
CREATE INDEX "intake_reports_open_idx" ON "delivery"."intake_reports"("submission_id", "created_at", "id") WHERE (resolved_at IS NULL);

-- The work-item list's `classification=ckr` (items that reach a CKR directly or through a link) in
-- key order: few of an organization's items do, and walking the live list for them read the whole
-- organization. A partial index of those items only; its predicate is written exactly as
-- classificationFilter writes it (work-item.repository.ts), so that PostgreSQL sees the query implies it.

-- CreateIndex
CREATE INDEX "work_items_ckr_list_idx" ON "delivery"."work_items"("organization_id", "number") WHERE (ckr_id IS NOT NULL OR linked_ckr_id IS NOT NULL);

-- The erasure of an address (ErasureRepository) reads one organization's portal votes and outbox
-- rows: a rare administrative action, a deliberate scan of that organization's rows, but not of
-- every organization's. Partial to the votes that still carry an address (the ones it reads); the
-- outbox one costs an index entry per event, which retention prunes with the rows.

-- CreateIndex
CREATE INDEX "intake_votes_organization_id_idx" ON "delivery"."intake_votes"("organization_id") WHERE (email IS NOT NULL);

-- CreateIndex
CREATE INDEX "outbox_organization_id_idx" ON "delivery"."outbox"("organization_id");
