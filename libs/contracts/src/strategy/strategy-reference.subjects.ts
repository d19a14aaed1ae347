/** Other contexts ask strategy-discovery which of their referenced records exist. */
export const StrategyReferenceSubjects = Object.freeze({
  resolve: 'strategy.reference.resolve',
});

export interface ResolveStrategyReferencesRequest {
  organizationId: string;
  ckrIds?: string[];
  opportunityIds?: string[];
  solutionIds?: string[];
  experimentIds?: string[];
}

/** Only the records that exist in the organization; each with the OKR it leads to, if any. */
export interface ResolveStrategyReferencesReply {
  ckrs: { id: string }[];
  opportunities: { id: string; ckrId: string | null }[];
  solutions: { id: string; ckrId: string | null }[];
  experiments: { id: string; ckrId: string | null }[];
}
