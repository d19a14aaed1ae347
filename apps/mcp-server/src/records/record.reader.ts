import { Inject, Injectable } from '@nestjs/common';
import {
  AppException,
  AuthContext,
  DeliverySubjects,
  DiscoveryGraphReply,
  DiscoveryGraphRequest,
  DiscoveryWorkItemsPage,
  ErrorCode,
  GatheredSubjects,
  InsightEvidence,
  ListWorkItemsQuery,
  NotFoundError,
  Page,
  ServiceUnavailableError,
  StrategySubjects as S,
  isUuid,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { RECORD_READS, RecordOf, RecordRead, ListQuery, TypedRecord } from './record-reads';
import { RecordType, typesOfRef } from './record-type';

function isNotFound(error: unknown): boolean {
  return error instanceof AppException && (error.code === ErrorCode.NotFound || error.code === ErrorCode.BadRequest);
}

/**
 * Reads records through the services' own subjects with the caller's auth, so every read passes the
 * service's permission check and organization scope; nothing here touches a table. Every read
 * answers the contracts' type of its record type (RECORD_READS).
 */
@Injectable()
export class RecordReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  get<T extends RecordType>(auth: AuthContext, type: T, id: string): Promise<RecordOf[T]> {
    const read: RecordRead<RecordOf[T]> = RECORD_READS[type];
    return this.bus.request(read.get, { auth, id });
  }

  /** The record or null when it does not exist in the caller's organization (or no id is named). */
  async find<T extends RecordType>(auth: AuthContext, type: T, id: string | null): Promise<RecordOf[T] | null> {
    if (id === null) return null;
    try {
      return await this.get(auth, type, id);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Several records of one type by id, in order; missing ones left out. */
  async findMany<T extends RecordType>(auth: AuthContext, type: T, ids: readonly string[]): Promise<RecordOf[T][]> {
    const found: (RecordOf[T] | null)[] = await Promise.all([...new Set(ids)].map((id) => this.find(auth, type, id)));
    return found.filter((record): record is RecordOf[T] => record !== null);
  }

  /**
   * A key names its type and is read by it. A uuid may be any type: one request gathers the answer of
   * each context that owns records (ids are random uuids: at most one hit, and the first ends it).
   */
  async locate(auth: AuthContext, ref: string): Promise<TypedRecord> {
    const trimmed = ref.trim();
    const [type] = typesOfRef(trimmed);
    const found = isUuid(trimmed) ? await this.locateUuid(auth, trimmed) : await this.keyed(auth, type, trimmed);
    if (!found) throw new NotFoundError('Record', ref);
    return found;
  }

  private async keyed<T extends RecordType>(auth: AuthContext, type: T, key: string): Promise<TypedRecord | null> {
    const record = await this.find(auth, type, key);
    return record && ({ type, record } as TypedRecord);
  }

  /**
   * A hit wins over another context's error or silence. Without one, the record may be where the
   * error or silence was: that is the answer (the error; ServiceUnavailable), not a 404.
   */
  private async locateUuid(auth: AuthContext, id: string): Promise<TypedRecord | null> {
    const { answers, errors, unanswered } = await this.bus.gather(GatheredSubjects.locateRecord, { auth, id }, { until: (answer) => answer !== null });
    const hit = answers.find((answer) => answer !== null);
    if (hit) return { type: hit.kind, record: hit.record } as TypedRecord;
    if (errors.length > 0) throw errors[0];
    if (unanswered > 0) throw new ServiceUnavailableError(`A service behind ${GatheredSubjects.locateRecord} did not answer in time`);
    return null;
  }

  /** Insights (in the order asked) with the interview each cites: one request, no transcripts. */
  async insightEvidence(auth: AuthContext, ids: readonly string[]): Promise<InsightEvidence[]> {
    if (ids.length === 0) return [];
    return (await this.bus.request(S.insightEvidence, { auth, ids: [...ids] })).items;
  }

  /** The strategy records around a packet's focus, in one request (see DiscoveryGraphReply). */
  discoveryGraph(auth: AuthContext, request: Omit<DiscoveryGraphRequest, 'auth'>): Promise<DiscoveryGraphReply> {
    return this.bus.request(S.discoveryGraph, { auth, ...request });
  }

  /** A work-item list page with what blocks its blocked items, in one request. */
  discoveryWorkItems(auth: AuthContext, query: ListWorkItemsQuery): Promise<DiscoveryWorkItemsPage> {
    return this.bus.request(DeliverySubjects.discoveryWorkItems, { auth, query });
  }

  list<T extends RecordType>(auth: AuthContext, type: T, query: ListQuery): Promise<Page<RecordOf[T]>> {
    const read: RecordRead<RecordOf[T]> = RECORD_READS[type];
    return this.bus.request(read.list, { auth, query });
  }
}
