import {
  AnnualGoalResponse,
  CkrResponse,
  DeliverySubjects,
  ExperimentResponse,
  InsightResponse,
  InterviewResponse,
  IntakeSubmissionResponse,
  OpportunityResponse,
  Page,
  ProductGoalResponse,
  SolutionResponse,
  SprintResponse,
  StrategySubjects as S,
  Subject,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import type { AuthContext } from '@pds/contracts';
import type { RecordType } from './record-type';

/** What each record type the tools read is, as the owning service answers it (contracts' types). */
export interface RecordOf {
  work_item: WorkItemResponse;
  ckr: CkrResponse;
  opportunity: OpportunityResponse;
  solution: SolutionResponse;
  experiment: ExperimentResponse;
  interview: InterviewResponse;
  insight: InsightResponse;
  product_goal: ProductGoalResponse;
  annual_goal: AnnualGoalResponse;
  sprint: SprintResponse;
  intake: IntakeSubmissionResponse;
}

/** A record of any type the tools read. */
export type AnyRecordOf = RecordOf[RecordType];

/** A record with the type it was read as: narrowing on `type` narrows `record`. */
export type TypedRecord = { [T in RecordType]: { type: T; record: RecordOf[T] } }[RecordType];

/** Filters of a list, passed on as the REST list query: the service validates them. */
export type ListQuery = object;

/**
 * The subjects a record type is read by. Their requests differ only in their query's fields, which
 * the service validates; the caller's side is `{auth, id}` and `{auth, query}`.
 */
export interface RecordRead<R> {
  get: Subject<{ auth: AuthContext; id: string }, R>;
  list: Subject<{ auth: AuthContext; query: ListQuery }, Page<R>>;
}

/** The one table of reads: record type → subjects → contracts' response type. */
export const RECORD_READS: { readonly [T in RecordType]: RecordRead<RecordOf[T]> } = {
  work_item: { get: WorkItemSubjects.get, list: WorkItemSubjects.list },
  ckr: { get: S.ckrGet, list: S.ckrList },
  opportunity: { get: S.opportunityGet, list: S.opportunityList },
  solution: { get: S.solutionGet, list: S.solutionList },
  experiment: { get: S.experimentGet, list: S.experimentList },
  interview: { get: S.interviewGet, list: S.interviewList },
  insight: { get: S.insightGet, list: S.insightList },
  product_goal: { get: S.productGoalGet, list: S.productGoalList },
  annual_goal: { get: S.annualGoalGet, list: S.annualGoalList },
  sprint: { get: DeliverySubjects.sprintGet, list: DeliverySubjects.sprintList },
  intake: { get: DeliverySubjects.intakeGet, list: DeliverySubjects.intakeList },
};
