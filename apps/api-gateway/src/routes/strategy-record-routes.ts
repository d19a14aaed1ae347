import { Type } from '@nestjs/common';
import { ListQuery, StrategySubjects as S } from '@pds/contracts';
import { BusRoutes, RecordRoutes } from './record-routes';

type Subjects = typeof S;

/** A strategy record `recordSubjects` defined: `<key>Create`, `<key>List`, `<key>Get` and `<key>Update` all exist. */
export type StrategyRecordKey = {
  [P in keyof Subjects]: P extends `${infer K}Create` ? (`${K}List` | `${K}Get` | `${K}Update` extends keyof Subjects ? K : never) : never;
}[keyof Subjects];

/**
 * Every strategy record has the same four routes, in the order the strategy API has always listed
 * them (create, list, get, update), on the subjects its key names in StrategySubjects:
 * `StrategyRecordRoutes('solution', SolutionResponse, CreateSolutionDto, UpdateSolutionDto, ListSolutionsQuery)`.
 * The list's query defaults to plain paging; `Base` holds the record's other routes (see RecordRoutes).
 */
export function StrategyRecordRoutes<R, B extends BusRoutes = BusRoutes>(
  key: StrategyRecordKey,
  response: Type<R>,
  create: Type<object>,
  update: Type<object>,
  list: Type<object> = ListQuery,
  Base?: Type<B>,
): Type<B> {
  return RecordRoutes(
    response,
    {
      create: [S[`${key}Create`], create],
      list: [S[`${key}List`], list],
      get: [S[`${key}Get`]],
      update: [S[`${key}Update`], update],
    },
    Base,
  );
}
