-- AlterTable
ALTER TABLE "repos"."received_deliveries" ADD COLUMN     "event" TEXT NOT NULL,
ADD COLUMN     "organization_id" UUID NOT NULL,
ADD COLUMN     "payload" JSONB,
ADD COLUMN     "processed_at" TIMESTAMPTZ(3),
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "status" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "repos"."connections" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "full_name" TEXT NOT NULL,
    "full_name_key" TEXT NOT NULL,
    "web_url" TEXT NOT NULL,
    "default_branch" TEXT NOT NULL,
    "automations" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "last_delivery_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repos"."branches" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "repository" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "last_commit_sha" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "branches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repos"."commits" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "repository" TEXT NOT NULL,
    "sha" TEXT NOT NULL,
    "short_sha" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "author_name" TEXT,
    "committed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "commits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repos"."pull_requests" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "repository" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "source_branch" TEXT NOT NULL,
    "target_branch" TEXT NOT NULL,
    "author_login" TEXT,
    "merged_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pull_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repos"."artifact_links" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "work_item_id" UUID NOT NULL,
    "artifact_kind" TEXT NOT NULL,
    "artifact_id" UUID NOT NULL,
    "linked_by" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "artifact_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repos"."settings" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "repos"."outbox" (
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

-- CreateIndex
CREATE INDEX "connections_organization_id_created_at_idx" ON "repos"."connections"("organization_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "connections_organization_id_provider_full_name_key_key" ON "repos"."connections"("organization_id", "provider", "full_name_key");

-- CreateIndex
CREATE UNIQUE INDEX "branches_connection_id_name_key" ON "repos"."branches"("connection_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "commits_connection_id_sha_key" ON "repos"."commits"("connection_id", "sha");

-- CreateIndex
CREATE UNIQUE INDEX "pull_requests_connection_id_number_key" ON "repos"."pull_requests"("connection_id", "number");

-- CreateIndex
CREATE INDEX "artifact_links_organization_id_work_item_id_idx" ON "repos"."artifact_links"("organization_id", "work_item_id");

-- CreateIndex
CREATE UNIQUE INDEX "artifact_links_work_item_id_artifact_kind_artifact_id_key" ON "repos"."artifact_links"("work_item_id", "artifact_kind", "artifact_id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_seq_key" ON "repos"."outbox"("seq");

-- CreateIndex
CREATE INDEX "outbox_published_at_seq_idx" ON "repos"."outbox"("published_at", "seq");
