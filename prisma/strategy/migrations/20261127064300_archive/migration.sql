-- AlterTable
ALTER TABLE "strategy"."annual_goals" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "strategy"."experiments" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "strategy"."opportunities" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "strategy"."product_goals" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "strategy"."solutions" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "annual_goals_live_list_idx" ON "strategy"."annual_goals"("organization_id", "created_at", "id") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "experiments_live_list_idx" ON "strategy"."experiments"("organization_id", "created_at", "id") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "opportunities_live_list_idx" ON "strategy"."opportunities"("organization_id", "created_at", "id") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "product_goals_live_list_idx" ON "strategy"."product_goals"("organization_id", "created_at", "id") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "solutions_live_list_idx" ON "strategy"."solutions"("organization_id", "created_at", "id") WHERE (archived_at IS NULL);
