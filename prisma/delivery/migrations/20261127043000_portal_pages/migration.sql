-- The portal's most-voted order reads a vote count kept on the submission by a trigger (as the
-- open-blocker count of work items), from an index; the public changelog reads newest published first.

-- AlterTable
ALTER TABLE "delivery"."intake_submissions" ADD COLUMN     "vote_count" INTEGER NOT NULL DEFAULT 0;

-- Backfill from the votes.
UPDATE "delivery"."intake_submissions" s SET "vote_count" = v.n
  FROM (SELECT submission_id, count(*)::int AS n FROM "delivery"."intake_votes" GROUP BY submission_id) v
 WHERE v.submission_id = s.id;

-- CreateIndex
CREATE INDEX "intake_submissions_organization_id_vote_count_number_idx" ON "delivery"."intake_submissions"("organization_id", "vote_count" DESC, "number" DESC);

-- CreateIndex
CREATE INDEX "changelog_entries_organization_id_published_at_id_idx" ON "delivery"."changelog_entries"("organization_id", "published_at" DESC, "id" DESC);

-- A vote added or removed moves the count in the same transaction; the row lock on the submission
-- orders concurrent votes, so the count never drifts.
CREATE FUNCTION "delivery"."count_intake_vote"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "delivery"."intake_submissions" SET vote_count = vote_count + 1 WHERE id = NEW.submission_id;
  ELSE
    UPDATE "delivery"."intake_submissions" SET vote_count = vote_count - 1 WHERE id = OLD.submission_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "intake_votes_count"
  AFTER INSERT OR DELETE ON "delivery"."intake_votes"
  FOR EACH ROW EXECUTE FUNCTION "delivery"."count_intake_vote"();
