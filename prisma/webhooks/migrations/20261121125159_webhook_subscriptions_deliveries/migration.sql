-- CreateEnum
CREATE TYPE "webhooks"."WebhookDeliveryStatus" AS ENUM ('PENDING', 'DELIVERED', 'FAILED');

-- DropTable
DROP TABLE "webhooks"."processed_events";

-- CreateTable
CREATE TABLE "webhooks"."subscriptions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "events" TEXT[],
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks"."deliveries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "webhooks"."WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "status_code" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "round_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks"."attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_body" TEXT,

    CONSTRAINT "attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks"."settings" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "subscriptions_organization_id_created_at_idx" ON "webhooks"."subscriptions"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "deliveries_organization_id_created_at_id_idx" ON "webhooks"."deliveries"("organization_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "deliveries_due_idx" ON "webhooks"."deliveries"("next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_event_id_webhook_id_key" ON "webhooks"."deliveries"("event_id", "webhook_id");

-- CreateIndex
CREATE INDEX "attempts_delivery_id_attempted_at_idx" ON "webhooks"."attempts"("delivery_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "webhooks"."deliveries" ADD CONSTRAINT "deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"."subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks"."attempts" ADD CONSTRAINT "attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhooks"."deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
