-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "strategy";

-- CreateTable
CREATE TABLE "strategy"."outbox" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy"."key_sequences" (
    "organization_id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "key_sequences_pkey" PRIMARY KEY ("organization_id","scope")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_seq_key" ON "strategy"."outbox"("seq");

-- CreateIndex
CREATE INDEX "outbox_published_at_seq_idx" ON "strategy"."outbox"("published_at", "seq");
