-- CreateIndex
CREATE INDEX "deliveries_webhook_idx" ON "webhooks"."deliveries"("webhook_id", "created_at" DESC, "id" DESC);
