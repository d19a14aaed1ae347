-- AlterTable
ALTER TABLE "strategy"."annual_goals" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."ckrs" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."experiments" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."insights" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."interviews" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."opportunities" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."planning_cycles" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."product_goals" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- AlterTable
ALTER TABLE "strategy"."solutions" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "deleted_by" UUID;

-- CreateIndex
CREATE INDEX "annual_goals_trash_idx" ON "strategy"."annual_goals"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "ckrs_trash_idx" ON "strategy"."ckrs"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "experiments_trash_idx" ON "strategy"."experiments"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "insights_trash_idx" ON "strategy"."insights"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "interviews_trash_idx" ON "strategy"."interviews"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "opportunities_trash_idx" ON "strategy"."opportunities"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "planning_cycles_trash_idx" ON "strategy"."planning_cycles"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "product_goals_trash_idx" ON "strategy"."product_goals"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "solutions_trash_idx" ON "strategy"."solutions"("organization_id", "deleted_at" DESC, "id") WHERE (deleted_at IS NOT NULL);
