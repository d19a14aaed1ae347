import { Type } from '@nestjs/common';
import { GetStrategyRecordRequest, ListStrategyRecordsRequest, StrategySubjects as S } from '@pds/contracts';
import { RecordHandlers } from '@pds/messaging';

/** The strategy records whose subjects `recordSubjects` defines: `<key>Create` … `<key>Update`. */
export type StrategyRecordKey =
  | 'annualGoal'
  | 'productGoal'
  | 'planningCycle'
  | 'ckr'
  | 'opportunity'
  | 'solution'
  | 'experiment'
  | 'interview'
  | 'insight';

/** Request classes of a kind's operations; get is always by path id, list defaults to a plain page. */
export interface StrategyRecordRequests {
  create?: Type<object>;
  list?: Type<object>;
  update: Type<object>;
}

/**
 * `RecordHandlers` for a strategy record kind: the subjects follow from its key, so a handler
 * names only the request classes that differ per kind. Without `create` the handler writes its own
 * (an opportunity's create carries `sourceRef`).
 */
export function StrategyRecordHandlers<Service extends object>(service: Type<Service>, key: StrategyRecordKey, requests: StrategyRecordRequests) {
  return RecordHandlers(service, {
    ...(requests.create ? { create: [S[`${key}Create`], requests.create] as const } : {}),
    list: [S[`${key}List`], requests.list ?? ListStrategyRecordsRequest],
    get: [S[`${key}Get`], GetStrategyRecordRequest],
    update: [S[`${key}Update`], requests.update],
  });
}
