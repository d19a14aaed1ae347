-- The trash purge removes what is past the retention in every organization at once,
-- in batches (TrashStore.purgeBatch). The trash indexes lead with the organization (they serve
-- each organization's trash page), so a batch read every trashed row of every organization to
-- find the expired ones. These index only trashed rows (nothing for live ones, which are nearly
-- all of a table) by deletion time, so a batch reads the expired rows and stops.

-- CreateIndex
CREATE INDEX "annual_goals_purge_idx" ON "strategy"."annual_goals"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "ckrs_purge_idx" ON "strategy"."ckrs"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "experiments_purge_idx" ON "strategy"."experiments"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "insights_purge_idx" ON "strategy"."insights"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "interviews_purge_idx" ON "strategy"."interviews"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "opportunities_purge_idx" ON "strategy"."opportunities"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "planning_cycles_purge_idx" ON "strategy"."planning_cycles"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "product_goals_purge_idx" ON "strategy"."product_goals"("deleted_at") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "solutions_purge_idx" ON "strategy"."solutions"("deleted_at") WHERE (deleted_at IS NOT NULL);
