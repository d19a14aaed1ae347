-- The search reads an organization's newest comments first (newestMatchesSql in
-- libs/persistence/src/text-search.ts): the slices' edges and the newest-first walk need the
-- organization's comments in time order, which the (organization, work item, time) index cannot give.

-- CreateIndex
CREATE INDEX "comments_organization_id_created_at_idx" ON "delivery"."comments"("organization_id", "created_at");
