-- CreateTable
CREATE TABLE "webhooks"."audit_entries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_user_id" UUID,
    "actor_key_id" TEXT,
    "actor_name" TEXT,
    "via" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "record_key" TEXT,
    "changes" JSONB,
    "request_id" TEXT,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_log_idx" ON "webhooks"."audit_entries"("organization_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_record_idx" ON "webhooks"."audit_entries"("organization_id", "record_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_key_idx" ON "webhooks"."audit_entries"("organization_id", "record_key", "at" DESC, "id" DESC) WHERE (record_key IS NOT NULL);

-- CreateIndex
CREATE INDEX "audit_entries_actor_idx" ON "webhooks"."audit_entries"("organization_id", "actor_user_id", "at" DESC, "id" DESC) WHERE (actor_user_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "audit_entries_at_idx" ON "webhooks"."audit_entries"("at");
