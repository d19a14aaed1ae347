-- The portal's list reads only the submissions the public sees (public, not HIDDEN, not in the
-- trash), newest or most voted first: partial indexes of those rows let it start at its keyset
-- position and read no more than a page, however many internal submissions the organization has.
-- Their predicate is written exactly as the list's statement writes it (IntakeRepository.listVisible).

-- CreateIndex
CREATE INDEX "intake_submissions_portal_number_idx" ON "delivery"."intake_submissions"("organization_id", "number" DESC) WHERE is_public AND moderation_state <> 'HIDDEN'::delivery."ModerationState" AND deleted_at IS NULL;

-- CreateIndex
CREATE INDEX "intake_submissions_portal_votes_idx" ON "delivery"."intake_submissions"("organization_id", "vote_count" DESC, "number" DESC) WHERE is_public AND moderation_state <> 'HIDDEN'::delivery."ModerationState" AND deleted_at IS NULL;
