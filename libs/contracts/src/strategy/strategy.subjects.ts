import type { AuthContext } from '../common/auth-context';

/** NATS subjects of the strategy-discovery service; every message carries the caller's auth. */
export const StrategySubjects = Object.freeze({
  annualGoalCreate: 'strategy.annual-goal.create',
  annualGoalList: 'strategy.annual-goal.list',
  annualGoalGet: 'strategy.annual-goal.get',
  annualGoalUpdate: 'strategy.annual-goal.update',
  productGoalCreate: 'strategy.product-goal.create',
  productGoalList: 'strategy.product-goal.list',
  productGoalGet: 'strategy.product-goal.get',
  productGoalUpdate: 'strategy.product-goal.update',
  planningCycleCreate: 'strategy.planning-cycle.create',
  planningCycleList: 'strategy.planning-cycle.list',
  planningCycleGet: 'strategy.planning-cycle.get',
  planningCycleUpdate: 'strategy.planning-cycle.update',
  ckrCreate: 'strategy.ckr.create',
  ckrList: 'strategy.ckr.list',
  ckrGet: 'strategy.ckr.get',
  ckrUpdate: 'strategy.ckr.update',
  keyResultUpdate: 'strategy.ckr.key-result.update',
  opportunityCreate: 'strategy.opportunity.create',
  opportunityList: 'strategy.opportunity.list',
  opportunityGet: 'strategy.opportunity.get',
  opportunityUpdate: 'strategy.opportunity.update',
  opportunityPromote: 'strategy.opportunity.promote',
  opportunitySolutionCreate: 'strategy.opportunity.solution.create',
  solutionCreate: 'strategy.solution.create',
  solutionList: 'strategy.solution.list',
  solutionGet: 'strategy.solution.get',
  solutionUpdate: 'strategy.solution.update',
  experimentCreate: 'strategy.experiment.create',
  experimentList: 'strategy.experiment.list',
  experimentGet: 'strategy.experiment.get',
  experimentUpdate: 'strategy.experiment.update',
  experimentConclude: 'strategy.experiment.conclude',
  interviewCreate: 'strategy.interview.create',
  interviewList: 'strategy.interview.list',
  interviewGet: 'strategy.interview.get',
  interviewUpdate: 'strategy.interview.update',
  insightCreate: 'strategy.insight.create',
  insightList: 'strategy.insight.list',
  insightGet: 'strategy.insight.get',
  insightUpdate: 'strategy.insight.update',
  /** Title/text search across every strategy record type (MCP `search`). */
  search: 'strategy.search',
});

export interface StrategyCreateRequest<B> {
  auth: AuthContext;
  body: B;
}
export interface StrategyListRequest<Q> {
  auth: AuthContext;
  query: Q;
}
export interface StrategyGetRequest {
  auth: AuthContext;
  id: string;
}
/** Update, promote, conclude and the nested creates: a record named in the path plus a body. */
export interface StrategyUpdateRequest<B> {
  auth: AuthContext;
  id: string;
  body: B;
}
export interface UpdateKeyResultRequest<B> {
  auth: AuthContext;
  id: string;
  keyResultId: string;
  body: B;
}
