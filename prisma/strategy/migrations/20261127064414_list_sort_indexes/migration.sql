-- CreateIndex
CREATE INDEX "annual_goals_organization_id_updated_at_id_idx" ON "strategy"."annual_goals"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "ckrs_organization_id_updated_at_id_idx" ON "strategy"."ckrs"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "experiments_organization_id_updated_at_id_idx" ON "strategy"."experiments"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "insights_organization_id_updated_at_id_idx" ON "strategy"."insights"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "interviews_organization_id_updated_at_id_idx" ON "strategy"."interviews"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "opportunities_organization_id_updated_at_id_idx" ON "strategy"."opportunities"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "planning_cycles_organization_id_updated_at_id_idx" ON "strategy"."planning_cycles"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "product_goals_organization_id_updated_at_id_idx" ON "strategy"."product_goals"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "solutions_organization_id_updated_at_id_idx" ON "strategy"."solutions"("organization_id", "updated_at", "id");
