-- DropIndex
DROP INDEX "delivery"."outbox_published_at_seq_idx";

-- CreateIndex
CREATE INDEX "outbox_waiting_idx" ON "delivery"."outbox"("seq") WHERE (published_at IS NULL AND parked_at IS NULL);

-- CreateIndex
CREATE INDEX "outbox_parked_idx" ON "delivery"."outbox"("seq") WHERE (parked_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "outbox_created_at_idx" ON "delivery"."outbox" USING BRIN ("created_at");
