-- CreateTable
CREATE TABLE "identity"."outbox" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "parked_at" TIMESTAMPTZ(3),
    "request_id" TEXT,
    "traceparent" TEXT,

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_seq_key" ON "identity"."outbox"("seq");

-- CreateIndex
CREATE INDEX "outbox_waiting_idx" ON "identity"."outbox"("seq") WHERE (published_at IS NULL AND parked_at IS NULL);

-- CreateIndex
CREATE INDEX "outbox_parked_idx" ON "identity"."outbox"("seq") WHERE (parked_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "outbox_created_at_idx" ON "identity"."outbox" USING BRIN ("created_at");
