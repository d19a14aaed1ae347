import { Inject, Injectable } from '@nestjs/common';
import {
  AppException,
  AuthContext,
  DeliverySubjects,
  DiscoveryContextRequest,
  ErrorCode,
  InsightEvidence,
  NotFoundError,
  Page,
  StrategySubjects as S,
  WorkItemSubjects,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { RecordType, typesOfRef } from './record-type';

/** Any record as the owning service returns it (contract shapes). */
export type AnyRecord = { id: string; key?: string } & Record<string, unknown>;

/** DiscoveryContextReply with its records as the MCP views read them. */
export interface StrategyContext {
  okrs: AnyRecord[];
  solutions: AnyRecord[];
  experiments: AnyRecord[];
  productGoal: AnyRecord | null;
  annualGoal: AnyRecord | null;
  insights: InsightEvidence[];
}

const GET: Record<RecordType, string> = {
  work_item: WorkItemSubjects.get,
  okr: S.ckrGet,
  opportunity: S.opportunityGet,
  solution: S.solutionGet,
  experiment: S.experimentGet,
  interview: S.interviewGet,
  insight: S.insightGet,
  product_goal: S.productGoalGet,
  annual_goal: S.annualGoalGet,
  sprint: DeliverySubjects.sprintGet,
  intake: DeliverySubjects.intakeGet,
};

const LIST: Record<RecordType, string> = {
  work_item: WorkItemSubjects.list,
  okr: S.ckrList,
  opportunity: S.opportunityList,
  solution: S.solutionList,
  experiment: S.experimentList,
  interview: S.interviewList,
  insight: S.insightList,
  product_goal: S.productGoalList,
  annual_goal: S.annualGoalList,
  sprint: DeliverySubjects.sprintList,
  intake: DeliverySubjects.intakeList,
};

function isNotFound(error: unknown): boolean {
  return error instanceof AppException && (error.code === ErrorCode.NotFound || error.code === ErrorCode.BadRequest);
}

/**
 * Reads records through the services' own subjects with the caller's auth, so every read passes the
 * service's permission check and organization scope; nothing here touches a table.
 */
@Injectable()
export class RecordReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  get(auth: AuthContext, type: RecordType, id: string): Promise<AnyRecord> {
    return this.bus.request(GET[type], { auth, id });
  }

  /** The record or null when it does not exist in the caller's organization. */
  async find(auth: AuthContext, type: RecordType, id: string): Promise<AnyRecord | null> {
    try {
      return await this.get(auth, type, id);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Several records of one type by id, in order; missing ones left out. */
  async findMany(auth: AuthContext, type: RecordType, ids: readonly string[]): Promise<AnyRecord[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.find(auth, type, id)));
    return found.filter((record): record is AnyRecord => record !== null);
  }

  /**
   * A key names its type; a uuid may be any type without a key, so those are asked in parallel and
   * the one service that knows it answers (ids are random uuids: at most one hit).
   */
  async locate(auth: AuthContext, ref: string): Promise<{ type: RecordType; record: AnyRecord }> {
    const types = typesOfRef(ref);
    const found = await Promise.all(types.map(async (type) => ({ type, record: await this.find(auth, type, ref.trim()) })));
    const hit = found.find((entry) => entry.record !== null);
    if (!hit?.record) throw new NotFoundError('Record', ref);
    return { type: hit.type, record: hit.record };
  }

  /** Insights (in the order asked) with the interview each cites: one request, no transcripts. */
  async insightEvidence(auth: AuthContext, ids: readonly string[]): Promise<InsightEvidence[]> {
    if (ids.length === 0) return [];
    return (await this.bus.request(S.insightEvidence, { auth, ids: [...ids] })).items;
  }

  /** The strategy records around a packet's focus, in one request (see DiscoveryContextReply). */
  async discoveryContext(auth: AuthContext, request: Omit<DiscoveryContextRequest, 'auth'>): Promise<StrategyContext> {
    return (await this.bus.request(S.discoveryContext, { auth, ...request })) as unknown as StrategyContext;
  }

  list(auth: AuthContext, type: RecordType, query: Record<string, unknown>): Promise<Page<AnyRecord>> {
    return this.bus.request(LIST[type], { auth, query });
  }
}
