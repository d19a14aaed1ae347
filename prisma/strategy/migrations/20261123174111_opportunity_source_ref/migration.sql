-- AlterTable
ALTER TABLE "strategy"."opportunities" ADD COLUMN     "source_ref" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "opportunities_organization_id_source_ref_key" ON "strategy"."opportunities"("organization_id", "source_ref");
