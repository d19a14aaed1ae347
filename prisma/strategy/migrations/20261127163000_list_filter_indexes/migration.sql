-- The strategy lists' filters (?ckrId, ?productGoalId, ?opportunityId, ?annualGoalId, ?status) and
-- their archived view read one organization's matching rows in list order (created_at, id): each
-- filter gets an index that starts at the organization and the filtered value and ends in the list
-- order, so a page is read without scanning or sorting the organization's records.
-- The archived views are partial indexes of the archived rows (the live list has its own), written
-- in schema.prisma with where: raw(...) as the live-list and trash indexes are.
-- A CKR's planning cycles are an array: a GIN index answers `planning_cycle_ids @> $cycle`; a
-- cycle id belongs to one organization, so the rows it finds are that organization's.

-- CreateIndex
CREATE INDEX "ckrs_organization_id_annual_goal_id_created_at_id_idx" ON "strategy"."ckrs"("organization_id", "annual_goal_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "ckrs_organization_id_status_created_at_id_idx" ON "strategy"."ckrs"("organization_id", "status", "created_at", "id");

-- CreateIndex
CREATE INDEX "ckrs_planning_cycle_ids_idx" ON "strategy"."ckrs" USING GIN ("planning_cycle_ids");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_ckr_id_created_at_id_idx" ON "strategy"."opportunities"("organization_id", "ckr_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_product_goal_id_created_at_id_idx" ON "strategy"."opportunities"("organization_id", "product_goal_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "opportunities_archived_list_idx" ON "strategy"."opportunities"("organization_id", "created_at", "id") WHERE (archived_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "solutions_organization_id_opportunity_id_created_at_id_idx" ON "strategy"."solutions"("organization_id", "opportunity_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "solutions_archived_list_idx" ON "strategy"."solutions"("organization_id", "created_at", "id") WHERE (archived_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "experiments_organization_id_ckr_id_created_at_id_idx" ON "strategy"."experiments"("organization_id", "ckr_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "experiments_organization_id_status_created_at_id_idx" ON "strategy"."experiments"("organization_id", "status", "created_at", "id");

-- CreateIndex
CREATE INDEX "experiments_archived_list_idx" ON "strategy"."experiments"("organization_id", "created_at", "id") WHERE (archived_at IS NOT NULL);
