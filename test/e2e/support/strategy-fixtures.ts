/* Records the strategy e2e specs build on: created as the organization's ADMIN over HTTP. */
import type { ApiClient, ApiResponse, Json } from './client';

export const API = '/api/v1';

/** A 200 body, or a thrown error that shows what went wrong. */
export async function ok(response: Promise<ApiResponse>): Promise<Json> {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${JSON.stringify(body)}`);
  return body;
}

export interface StrategyBasics {
  annualGoalId: string;
  planningCycleId: string;
}

export async function strategyBasics(api: ApiClient): Promise<StrategyBasics> {
  const goal = await ok(api.post(`${API}/annual-goals`, { title: 'Grow revenue', explanation: 'Because runway' }));
  const cycle = await ok(api.post(`${API}/planning-cycles`, { name: '2026 Q1', startDate: '2026-01-01', endDate: '2026-03-31' }));
  return { annualGoalId: goal.id, planningCycleId: cycle.id };
}

export async function createCkr(api: ApiClient, basics: StrategyBasics, extra: object = {}): Promise<Json> {
  return ok(api.post(`${API}/ckrs`, { title: 'Win the market', annualGoalId: basics.annualGoalId, planningCycleIds: [basics.planningCycleId], ...extra }));
}

/** Number of records a list shows (to prove a rejected request wrote nothing). */
export async function listCount(api: ApiClient, path: string): Promise<number> {
  return (await ok(api.get(`${API}/${path}?limit=500`))).length;
}

export const OTHER_UUID = '00000000-0000-4000-8000-000000000000';
export const text = (n: number) => 'x'.repeat(n);
