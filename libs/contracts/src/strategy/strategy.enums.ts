// Status enums of the strategy and discovery records (the interface contract's states), and their key prefixes.
import { defineEnum } from '../common/enums';
import { RECORD_KINDS } from '../common/record-kinds';

export const CkrStatus = defineEnum(['DRAFT', 'ACTIVE', 'AT_RISK', 'ACHIEVED', 'MISSED', 'ARCHIVED']);
export type CkrStatus = (typeof CkrStatus)[keyof typeof CkrStatus];

export const KeyResultStatus = defineEnum(['ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'ACHIEVED']);
export type KeyResultStatus = (typeof KeyResultStatus)[keyof typeof KeyResultStatus];

export const OpportunityStatus = defineEnum(['NEW', 'EXPLORING', 'VALIDATED', 'DISCARDED', 'PROMOTED']);
export type OpportunityStatus = (typeof OpportunityStatus)[keyof typeof OpportunityStatus];

/** Statuses from which an opportunity may be promoted: its drafts. */
export const DRAFT_OPPORTUNITY_STATUSES: readonly OpportunityStatus[] = ['NEW', 'EXPLORING', 'VALIDATED'];

export const SolutionStatus = defineEnum(['PROPOSED', 'SELECTED', 'EXPERIMENTING', 'VALIDATED', 'REJECTED']);
export type SolutionStatus = (typeof SolutionStatus)[keyof typeof SolutionStatus];

export const ExperimentStatus = defineEnum(['DRAFT', 'RUNNING', 'SUCCEEDED', 'FAILED', 'INCONCLUSIVE']);
export type ExperimentStatus = (typeof ExperimentStatus)[keyof typeof ExperimentStatus];

export const ExperimentOutcome = defineEnum(['SUCCEEDED', 'FAILED', 'INCONCLUSIVE']);
export type ExperimentOutcome = (typeof ExperimentOutcome)[keyof typeof ExperimentOutcome];
export const CONCLUDED_EXPERIMENT_STATUSES: readonly ExperimentStatus[] = Object.values(ExperimentOutcome);

export const CKR_KEY_PREFIX = RECORD_KINDS.ckr.keyPrefix;
export const OPPORTUNITY_KEY_PREFIX = RECORD_KINDS.opportunity.keyPrefix;
export const EXPERIMENT_KEY_PREFIX = RECORD_KINDS.experiment.keyPrefix;
