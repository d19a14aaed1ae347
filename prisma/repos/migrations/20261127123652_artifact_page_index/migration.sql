-- DropIndex
DROP INDEX "repos"."artifact_links_organization_id_work_item_id_idx";

-- AlterTable: the column is filled from the linked artifacts before it becomes required.
ALTER TABLE "repos"."artifact_links" ADD COLUMN     "artifact_at" TIMESTAMPTZ(3);

UPDATE "repos"."artifact_links" l SET "artifact_at" = a."created_at"
  FROM "repos"."branches" a WHERE l."artifact_kind" = 'BRANCH' AND a."id" = l."artifact_id";
UPDATE "repos"."artifact_links" l SET "artifact_at" = COALESCE(a."committed_at", a."created_at")
  FROM "repos"."commits" a WHERE l."artifact_kind" = 'COMMIT' AND a."id" = l."artifact_id";
UPDATE "repos"."artifact_links" l SET "artifact_at" = a."created_at"
  FROM "repos"."pull_requests" a WHERE l."artifact_kind" = 'PULL_REQUEST' AND a."id" = l."artifact_id";
-- A link whose artifact is gone is never read (the reads join the artifact); its own time will do.
UPDATE "repos"."artifact_links" SET "artifact_at" = "created_at" WHERE "artifact_at" IS NULL;

ALTER TABLE "repos"."artifact_links" ALTER COLUMN "artifact_at" SET NOT NULL;

-- CreateIndex
CREATE INDEX "artifact_links_work_item_page_idx" ON "repos"."artifact_links"("organization_id", "work_item_id", "artifact_kind", "artifact_at" DESC, "artifact_id" DESC);
