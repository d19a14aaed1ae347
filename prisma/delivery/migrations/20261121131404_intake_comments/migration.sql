-- CreateTable
CREATE TABLE "delivery"."intake_comments" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intake_comments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "intake_comments_organization_id_submission_id_created_at_id_idx" ON "delivery"."intake_comments"("organization_id", "submission_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "delivery"."intake_comments" ADD CONSTRAINT "intake_comments_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "delivery"."intake_submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
