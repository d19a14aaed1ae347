/** Opportunity descriptions hold at most 5000 characters; an intake description may hold 900,000. */
const OPPORTUNITY_DESCRIPTION_MAX = 5000;
const CUT_MARK = '\n\n[…] (shortened; the full text stays on the intake submission)';

export function opportunityDescription(description: string): string {
  return description.length <= OPPORTUNITY_DESCRIPTION_MAX
    ? description
    : description.slice(0, OPPORTUNITY_DESCRIPTION_MAX - CUT_MARK.length) + CUT_MARK;
}

/** Marks a submission whose conversion into an opportunity is under way (never a real key). */
export const CONVERTING = 'converting';
