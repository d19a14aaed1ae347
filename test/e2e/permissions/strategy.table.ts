import type { PermissionCase } from './permission-case';

/** Rows for goals, planning cycles, OKRs and discovery records (strategy-discovery). */
export const STRATEGY_CASES: PermissionCase[] = [];
