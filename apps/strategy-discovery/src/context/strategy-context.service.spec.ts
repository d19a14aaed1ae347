import type { AuthContext } from '@pds/contracts';
import type { CkrService } from '../ckrs/ckr.service';
import type { InsightService } from '../evidence/insight.service';
import type { InterviewService } from '../evidence/interview.service';
import type { ExperimentService } from '../experiments/experiment.service';
import type { AnnualGoalService } from '../goals/annual-goal.service';
import type { ProductGoalService } from '../goals/product-goal.service';
import type { OpportunityService } from '../opportunities/opportunity.service';
import type { SolutionService } from '../solutions/solution.service';
import { StrategyContextService } from './strategy-context.service';

const auth: AuthContext = { organizationId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', keyId: 'k', role: 'PM' as AuthContext['role'] };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Row = { id: string } & Record<string, unknown>;

/** A record service over fixed rows: `find` by id (each read noted), `list` by the query's equal fields. */
function rows(kind: string, records: Row[], reads: string[]) {
  return {
    find: async (_auth: AuthContext, ref: string) => (reads.push(`${kind} ${ref}`), records.find((r) => r.id === ref) ?? null),
    list: async (_auth: AuthContext, query: Record<string, unknown>) => ({
      items: records.filter((r) => Object.entries(query).every(([field, value]) => field === 'limit' || r[field] === value)),
      nextCursor: null,
    }),
  };
}

const annualGoal = { id: uuid(1) };
const productGoal = { id: uuid(2), annualGoalId: null };
const ckr = { id: uuid(3), annualGoalId: annualGoal.id, productGoalId: null };
const opportunity = { id: uuid(4), ckrId: ckr.id, productGoalId: productGoal.id, insightIds: [uuid(9)] };
const solution = { id: uuid(5), opportunityId: opportunity.id };
const experiment = { id: uuid(6), ckrId: ckr.id, solutionId: solution.id };

function setUp() {
  const reads: string[] = [];
  const service = new StrategyContextService({
    ckr: rows('ckr', [ckr], reads) as unknown as CkrService,
    opportunity: rows('opportunity', [opportunity], reads) as unknown as OpportunityService,
    solution: rows('solution', [solution], reads) as unknown as SolutionService,
    experiment: {
      ...rows('experiment', [experiment], reads),
      forSolutions: async (_auth: AuthContext, ids: string[]) => (reads.push(`experiments of ${ids.join(',')}`), [experiment].filter((e) => ids.includes(e.solutionId))),
    } as unknown as ExperimentService,
    annual_goal: rows('annual_goal', [annualGoal], reads) as unknown as AnnualGoalService,
    product_goal: rows('product_goal', [productGoal], reads) as unknown as ProductGoalService,
    insight: { ...rows('insight', [], reads), insightEvidence: async () => ({ items: [] }) } as unknown as InsightService,
    interview: rows('interview', [], reads) as unknown as InterviewService,
  });
  return { service, reads };
}

describe('StrategyContextService.graph: a strategy focus enters as the links the caller passed', () => {
  it('an opportunity: not read again, left out of the reply, its links followed', async () => {
    const { service, reads } = setUp();
    const reply = await service.graph(auth, { focus: { kind: 'opportunity', id: opportunity.id, insightIds: opportunity.insightIds, ckrId: ckr.id, productGoalId: productGoal.id } });
    expect(reads).not.toContain(`opportunity ${opportunity.id}`);
    expect(reply).toMatchObject({
      opportunities: [],
      ckrs: [ckr],
      solutions: [solution],
      experiments: [experiment],
      productGoal,
      // The product goal names none: the first OKR's.
      annualGoal,
      insightIds: opportunity.insightIds,
    });
  });

  it('an OKR: its opportunities and experiments listed, its annual goal taken from the links passed', async () => {
    const { service, reads } = setUp();
    const reply = await service.graph(auth, { focus: { kind: 'ckr', id: ckr.id, annualGoalId: annualGoal.id, productGoalId: null } });
    expect(reads).not.toContain(`ckr ${ckr.id}`);
    expect(reply).toMatchObject({ ckrs: [], opportunities: [opportunity], experiments: [experiment], productGoal, annualGoal });
    // The links are what the walk follows: without the annual goal's id there, none is read.
    const unlinked = await service.graph(auth, { focus: { kind: 'ckr', id: ckr.id, annualGoalId: null, productGoalId: null } });
    expect(unlinked.annualGoal).toBeNull();
  });

  it('an experiment: what it links to is read, the experiment itself is not', async () => {
    const { service, reads } = setUp();
    const reply = await service.graph(auth, { focus: { kind: 'experiment', id: experiment.id, ckrId: ckr.id, solutionId: solution.id } });
    expect(reads).not.toContain(`experiment ${experiment.id}`);
    expect(reply).toMatchObject({ experiments: [], ckrs: [ckr], solutions: [solution], opportunities: [opportunity] });
  });
});
