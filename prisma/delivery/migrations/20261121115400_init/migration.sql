-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "delivery";

-- CreateEnum
CREATE TYPE "delivery"."WorkItemType" AS ENUM ('FEATURE', 'EPIC', 'STORY', 'TASK', 'BUG', 'SPIKE', 'IMPROVEMENT');

-- CreateEnum
CREATE TYPE "delivery"."WorkItemStatus" AS ENUM ('BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'TESTING_LOCAL', 'DEPLOY', 'TESTING_LIVE', 'DONE', 'CANCELLED');

-- CreateEnum
CREATE TYPE "delivery"."Priority" AS ENUM ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL');

-- CreateEnum
CREATE TYPE "delivery"."MaintenanceCategory" AS ENUM ('BUG', 'SUPPORT', 'HOTFIX', 'SMALL_IMPROVEMENT');

-- CreateEnum
CREATE TYPE "delivery"."Discipline" AS ENUM ('BACKEND', 'FRONTEND', 'FULLSTACK');

-- CreateEnum
CREATE TYPE "delivery"."ReporterSource" AS ENUM ('SALES', 'CUSTOMER_SUPPORT', 'MARKETING', 'PRODUCT', 'ENGINEERING', 'OTHER');

-- CreateEnum
CREATE TYPE "delivery"."ExperimentKind" AS ENUM ('TEST', 'FEATURE');

-- CreateEnum
CREATE TYPE "delivery"."SprintStatus" AS ENUM ('PLANNED', 'ACTIVE', 'COMPLETED');

-- CreateEnum
CREATE TYPE "delivery"."RelationType" AS ENUM ('BLOCKS', 'RELATES_TO', 'DUPLICATES');

-- CreateTable
CREATE TABLE "delivery"."work_items" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "type" "delivery"."WorkItemType" NOT NULL,
    "status" "delivery"."WorkItemStatus" NOT NULL DEFAULT 'BACKLOG',
    "priority" "delivery"."Priority" NOT NULL DEFAULT 'MEDIUM',
    "ad_hoc" BOOLEAN NOT NULL DEFAULT false,
    "carry_over_count" INTEGER NOT NULL DEFAULT 0,
    "estimate" INTEGER,
    "story_points" INTEGER,
    "due_date" DATE,
    "ckr_id" UUID,
    "opportunity_id" UUID,
    "solution_id" UUID,
    "experiment_id" UUID,
    "linked_ckr_id" UUID,
    "maintenance_category" "delivery"."MaintenanceCategory",
    "discipline" "delivery"."Discipline",
    "parent_id" UUID,
    "sprint_id" UUID,
    "assignee_id" UUID,
    "reporter_id" UUID,
    "reporter_source" "delivery"."ReporterSource",
    "product_manager_id" UUID,
    "experiment_kind" "delivery"."ExperimentKind",
    "mentioned_user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "work_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."labels" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."work_item_labels" (
    "work_item_id" UUID NOT NULL,
    "label_id" UUID NOT NULL,

    CONSTRAINT "work_item_labels_pkey" PRIMARY KEY ("work_item_id","label_id")
);

-- CreateTable
CREATE TABLE "delivery"."work_item_relations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "type" "delivery"."RelationType" NOT NULL,
    "source_id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "work_item_relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."teams" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."sprints" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "goal" TEXT,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "status" "delivery"."SprintStatus" NOT NULL DEFAULT 'PLANNED',
    "team_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sprints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."outbox" (
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
CREATE TABLE "delivery"."key_sequences" (
    "organization_id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "key_sequences_pkey" PRIMARY KEY ("organization_id","scope")
);

-- CreateIndex
CREATE INDEX "work_items_organization_id_updated_at_id_idx" ON "delivery"."work_items"("organization_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_status_idx" ON "delivery"."work_items"("organization_id", "status");

-- CreateIndex
CREATE INDEX "work_items_organization_id_sprint_id_idx" ON "delivery"."work_items"("organization_id", "sprint_id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_assignee_id_idx" ON "delivery"."work_items"("organization_id", "assignee_id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_parent_id_idx" ON "delivery"."work_items"("organization_id", "parent_id");

-- CreateIndex
CREATE INDEX "work_items_organization_id_ckr_id_idx" ON "delivery"."work_items"("organization_id", "ckr_id");

-- CreateIndex
CREATE UNIQUE INDEX "work_items_organization_id_number_key" ON "delivery"."work_items"("organization_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "labels_organization_id_name_key" ON "delivery"."labels"("organization_id", "name");

-- CreateIndex
CREATE INDEX "work_item_labels_label_id_idx" ON "delivery"."work_item_labels"("label_id");

-- CreateIndex
CREATE INDEX "work_item_relations_target_id_type_idx" ON "delivery"."work_item_relations"("target_id", "type");

-- CreateIndex
CREATE UNIQUE INDEX "work_item_relations_type_source_id_target_id_key" ON "delivery"."work_item_relations"("type", "source_id", "target_id");

-- CreateIndex
CREATE UNIQUE INDEX "teams_organization_id_name_key" ON "delivery"."teams"("organization_id", "name");

-- CreateIndex
CREATE INDEX "sprints_organization_id_start_date_idx" ON "delivery"."sprints"("organization_id", "start_date");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_seq_key" ON "delivery"."outbox"("seq");

-- CreateIndex
CREATE INDEX "outbox_published_at_seq_idx" ON "delivery"."outbox"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "delivery"."work_items" ADD CONSTRAINT "work_items_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "delivery"."work_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."work_items" ADD CONSTRAINT "work_items_sprint_id_fkey" FOREIGN KEY ("sprint_id") REFERENCES "delivery"."sprints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."work_item_labels" ADD CONSTRAINT "work_item_labels_work_item_id_fkey" FOREIGN KEY ("work_item_id") REFERENCES "delivery"."work_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."work_item_labels" ADD CONSTRAINT "work_item_labels_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "delivery"."labels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."work_item_relations" ADD CONSTRAINT "work_item_relations_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "delivery"."work_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."work_item_relations" ADD CONSTRAINT "work_item_relations_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "delivery"."work_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."sprints" ADD CONSTRAINT "sprints_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "delivery"."teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;
