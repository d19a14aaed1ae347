/** Status enums of the strategy and discovery records (contract section 3). */
function values<const T extends Record<string, string>>(o: T): T {
  return Object.freeze(o);
}

export const CkrStatus = values({
  DRAFT: 'DRAFT',
  ACTIVE: 'ACTIVE',
  AT_RISK: 'AT_RISK',
  ACHIEVED: 'ACHIEVED',
  MISSED: 'MISSED',
  ARCHIVED: 'ARCHIVED',
});
export type CkrStatus = (typeof CkrStatus)[keyof typeof CkrStatus];

export const KeyResultStatus = values({ ON_TRACK: 'ON_TRACK', AT_RISK: 'AT_RISK', OFF_TRACK: 'OFF_TRACK', ACHIEVED: 'ACHIEVED' });
export type KeyResultStatus = (typeof KeyResultStatus)[keyof typeof KeyResultStatus];

export const OpportunityStatus = values({
  NEW: 'NEW',
  EXPLORING: 'EXPLORING',
  VALIDATED: 'VALIDATED',
  DISCARDED: 'DISCARDED',
  PROMOTED: 'PROMOTED',
});
export type OpportunityStatus = (typeof OpportunityStatus)[keyof typeof OpportunityStatus];

/** Statuses from which an opportunity may be promoted (ARCHITECTURE.md section 5). */
export const DRAFT_OPPORTUNITY_STATUSES: readonly OpportunityStatus[] = ['NEW', 'EXPLORING', 'VALIDATED'];

export const SolutionStatus = values({
  PROPOSED: 'PROPOSED',
  SELECTED: 'SELECTED',
  EXPERIMENTING: 'EXPERIMENTING',
  VALIDATED: 'VALIDATED',
  REJECTED: 'REJECTED',
});
export type SolutionStatus = (typeof SolutionStatus)[keyof typeof SolutionStatus];

export const ExperimentStatus = values({
  DRAFT: 'DRAFT',
  RUNNING: 'RUNNING',
  SUCCEEDED: 'SUCCEEDED',
  FAILED: 'FAILED',
  INCONCLUSIVE: 'INCONCLUSIVE',
});
export type ExperimentStatus = (typeof ExperimentStatus)[keyof typeof ExperimentStatus];

export const ExperimentOutcome = values({ SUCCEEDED: 'SUCCEEDED', FAILED: 'FAILED', INCONCLUSIVE: 'INCONCLUSIVE' });
export type ExperimentOutcome = (typeof ExperimentOutcome)[keyof typeof ExperimentOutcome];
export const CONCLUDED_EXPERIMENT_STATUSES: readonly ExperimentStatus[] = Object.values(ExperimentOutcome);

export const CKR_KEY_PREFIX = 'OKR';
export const OPPORTUNITY_KEY_PREFIX = 'OPP';
export const EXPERIMENT_KEY_PREFIX = 'EXP';
