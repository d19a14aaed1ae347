import type {
  CkrStatus,
  ExperimentStatus,
  KeyResultStatus,
  OpportunityStatus,
  SolutionStatus,
} from './strategy.enums';
import type { Priority } from '../common/enums';

/** Contract 2.2 (key result). */
export interface KeyResultResponse {
  id: string;
  title: string;
  metric: string | null;
  targetValue: number | null;
  currentValue: number | null;
  unit: string | null;
  status: KeyResultStatus;
}

/** Contract 2.2. */
export interface CkrResponse {
  id: string;
  key: string;
  annualGoalId: string;
  productGoalId: string | null;
  planningCycleIds: string[];
  ownerId: string | null;
  title: string;
  description: string | null;
  confidence: number;
  status: CkrStatus;
  keyResults: KeyResultResponse[];
  createdAt: string;
  updatedAt: string;
}

/** Contract 2.3. */
export interface OpportunityResponse {
  id: string;
  key: string;
  productGoalId: string | null;
  ckrId: string | null;
  title: string;
  description: string | null;
  priority: Priority;
  impact: number;
  confidence: number;
  reach: number | null;
  effort: number | null;
  score: number | null;
  riceScore: number | null;
  status: OpportunityStatus;
  ownerId: string | null;
  isMirror: boolean;
  insightIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface PromoteOpportunityResponse {
  opportunity: OpportunityResponse;
  ckr: CkrResponse;
}

/** Contract 2.4. */
export interface SolutionResponse {
  id: string;
  opportunityId: string;
  title: string;
  description: string | null;
  impact: number;
  effort: number;
  confidence: number;
  status: SolutionStatus;
  createdAt: string;
  updatedAt: string;
}

/** Contract 2.5. */
export interface ExperimentResponse {
  id: string;
  key: string;
  ckrId: string;
  solutionId: string | null;
  title: string;
  hypothesis: string | null;
  successMetrics: string[];
  result: string | null;
  status: ExperimentStatus;
  createdAt: string;
  updatedAt: string;
}

export interface AnnualGoalResponse {
  id: string;
  title: string;
  description: string | null;
  explanation: string | null;
  year: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProductGoalResponse {
  id: string;
  annualGoalId: string | null;
  title: string;
  description: string | null;
  explanation: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PlanningCycleResponse {
  id: string;
  name: string;
  /** `YYYY-MM-DD` */
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InterviewResponse {
  id: string;
  title: string;
  participant: string | null;
  conductedAt: string | null;
  transcript: string | null;
  summary: string | null;
  analysis: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InsightResponse {
  id: string;
  interviewId: string | null;
  title: string;
  description: string | null;
  quotes: string[];
  createdAt: string;
  updatedAt: string;
}
