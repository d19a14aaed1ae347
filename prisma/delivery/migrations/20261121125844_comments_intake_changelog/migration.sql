-- CreateEnum
CREATE TYPE "delivery"."IntakeKind" AS ENUM ('BUG', 'IMPROVEMENT');

-- CreateEnum
CREATE TYPE "delivery"."IntakeStage" AS ENUM ('SUBMITTED', 'IN_PREPARATION', 'IN_PROGRESS', 'DONE');

-- CreateEnum
CREATE TYPE "delivery"."ModerationState" AS ENUM ('CLEAN', 'FLAGGED', 'HIDDEN');

-- CreateEnum
CREATE TYPE "delivery"."ReportReason" AS ENUM ('SPAM', 'HARASSMENT', 'HATEFUL_CONTENT', 'PERSONAL_DATA', 'ILLEGAL_CONTENT', 'OTHER');

-- CreateEnum
CREATE TYPE "delivery"."ChangelogStatus" AS ENUM ('DRAFT', 'PUBLISHED');

-- CreateTable
CREATE TABLE "delivery"."comments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "work_item_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "mentioned_user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."intake_submissions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "kind" "delivery"."IntakeKind" NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "source" "delivery"."ReporterSource",
    "stage" "delivery"."IntakeStage" NOT NULL DEFAULT 'SUBMITTED',
    "submitted_by_id" UUID,
    "assignee_id" UUID,
    "work_item_id" UUID,
    "opportunity_id" UUID,
    "opportunity_key" TEXT,
    "via_portal" BOOLEAN NOT NULL DEFAULT false,
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "moderation_state" "delivery"."ModerationState" NOT NULL DEFAULT 'CLEAN',
    "submitter_name" TEXT,
    "submitter_email" TEXT,
    "watcher_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intake_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."intake_votes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "user_id" UUID,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intake_votes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."intake_reports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "reason" "delivery"."ReportReason" NOT NULL,
    "details" TEXT,
    "reporter_id" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intake_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery"."changelog_entries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "delivery"."ChangelogStatus" NOT NULL DEFAULT 'DRAFT',
    "work_item_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "changelog_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "comments_organization_id_work_item_id_created_at_id_idx" ON "delivery"."comments"("organization_id", "work_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "intake_submissions_organization_id_created_at_id_idx" ON "delivery"."intake_submissions"("organization_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "intake_submissions_work_item_id_idx" ON "delivery"."intake_submissions"("work_item_id");

-- CreateIndex
CREATE UNIQUE INDEX "intake_submissions_organization_id_number_key" ON "delivery"."intake_submissions"("organization_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "intake_votes_submission_id_user_id_key" ON "delivery"."intake_votes"("submission_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "intake_votes_submission_id_email_key" ON "delivery"."intake_votes"("submission_id", "email");

-- CreateIndex
CREATE INDEX "intake_reports_submission_id_created_at_idx" ON "delivery"."intake_reports"("submission_id", "created_at");

-- CreateIndex
CREATE INDEX "changelog_entries_organization_id_created_at_id_idx" ON "delivery"."changelog_entries"("organization_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "delivery"."comments" ADD CONSTRAINT "comments_work_item_id_fkey" FOREIGN KEY ("work_item_id") REFERENCES "delivery"."work_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."intake_submissions" ADD CONSTRAINT "intake_submissions_work_item_id_fkey" FOREIGN KEY ("work_item_id") REFERENCES "delivery"."work_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."intake_votes" ADD CONSTRAINT "intake_votes_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "delivery"."intake_submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery"."intake_reports" ADD CONSTRAINT "intake_reports_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "delivery"."intake_submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
