-- DropIndex
DROP INDEX "strategy"."outbox_published_at_seq_idx";

-- CreateIndex
CREATE INDEX "outbox_waiting_idx" ON "strategy"."outbox"("seq") WHERE (published_at IS NULL AND parked_at IS NULL);

-- CreateIndex
CREATE INDEX "outbox_parked_idx" ON "strategy"."outbox"("seq") WHERE (parked_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "outbox_created_at_idx" ON "strategy"."outbox" USING BRIN ("created_at");
