import type { Provider, Type } from '@nestjs/common';

/** REST routes of the strategy-discovery context (goals, OKRs, discovery); each forwards over the bus. */
export const STRATEGY_CONTROLLERS: Type<unknown>[] = [];
export const STRATEGY_PROVIDERS: Provider[] = [];
