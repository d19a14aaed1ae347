-- AlterTable
ALTER TABLE "delivery"."intake_votes" ADD COLUMN     "address_hash" TEXT;

-- CreateIndex
CREATE INDEX "intake_votes_submission_id_address_hash_created_at_idx" ON "delivery"."intake_votes"("submission_id", "address_hash", "created_at");
