import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CkrResponse,
  DISCOVERY_CONTEXT_FOLLOWED,
  DiscoveryFocusDto,
  DiscoveryGraphReply,
  DiscoveryGraphRequest,
  LocatedStrategyRecord,
  STRATEGY_SEARCH_TYPES,
  StrategySearchType,
  MAX_PAGE_SIZE,
  ExperimentResponse,
  OpportunityResponse,
  SolutionResponse,
} from '@pds/contracts';
import { STRATEGY_READERS, StrategyReaders } from './strategy-readers';

/**
 * What the walk reads of a record: the links it follows. A strategy focus enters the walk as these
 * only (the caller holds the record and passed them); every other record is read here in full.
 */
type Links<R> = { [K in Extract<keyof R, 'id' | 'insightIds' | LinkField>]: K extends LinkField ? R[K] | null : R[K] };
type LinkField = 'ckrId' | 'productGoalId' | 'annualGoalId' | 'opportunityId' | 'solutionId';

/** What the focus names directly (a strategy focus among them), before the walk up and across. */
interface Seed {
  ckrs: Links<CkrResponse>[];
  opportunities: Links<OpportunityResponse>[];
  solutions: Links<SolutionResponse>[];
  experiments: Links<ExperimentResponse>[];
  productGoalId: string | null;
  annualGoalId: string | null;
  insightIds: string[];
}

/** The records read here: all but the focus, which entered as its links and which the caller holds. */
function readHere<R extends { id: string }>(records: readonly (R | Links<R>)[], focus: DiscoveryFocusDto): R[] {
  return records.filter((record): record is R => record.id !== focus.id);
}

/** What reads one kind of strategy record by uuid or key (its service), answering its contract type. */
type Finders = { readonly [K in StrategySearchType]: { find(auth: AuthContext, ref: string): Promise<Extract<LocatedStrategyRecord, { kind: K }>['record'] | null> } };

/** Appends records not yet present (by id), keeping first-seen order. */
function merge<R extends { id: string }>(into: R[], more: readonly (R | null)[]): R[] {
  const seen = new Set(into.map((r) => r.id));
  for (const record of more) {
    if (record && !seen.has(record.id)) {
      seen.add(record.id);
      into.push(record);
    }
  }
  return into;
}

/**
 * The strategy part of an MCP discovery packet in one round trip (DiscoveryGraphReply). Every read
 * goes through the records' own services, so each keeps its permission check and organization
 * scope; what this saves is the bus: one message instead of one per record, list and level. A record
 * that is not there (or not the caller's organization's) is left out, not an error.
 */
@Injectable()
export class StrategyContextService {
  constructor(@Inject(STRATEGY_READERS) private readonly readers: StrategyReaders) {}

  /** Which strategy record a uuid names: every kind asked in one message (ids are random: one hit at most). */
  async locate(auth: AuthContext, id: string): Promise<LocatedStrategyRecord | null> {
    assertCan(auth, Permission.Read);
    const found = await Promise.all(STRATEGY_SEARCH_TYPES.map((kind) => this.read(auth, kind, id)));
    return found.find((hit) => hit !== null) ?? null;
  }

  private async read(auth: AuthContext, kind: StrategySearchType, ref: string): Promise<LocatedStrategyRecord | null> {
    const finders: Finders = this.readers;
    const record = await finders[kind].find(auth, ref);
    // The finder of `kind` answers a record of that kind.
    return record && ({ kind, record } as LocatedStrategyRecord);
  }

  async graph(auth: AuthContext, { focus, evidence }: Omit<DiscoveryGraphRequest, 'auth'>): Promise<DiscoveryGraphReply> {
    assertCan(auth, Permission.Read);
    const seed = await this.seed(auth, focus);
    const followedOpportunities = seed.opportunities.slice(0, DISCOVERY_CONTEXT_FOLLOWED);
    const insightIds = [...new Set([...seed.insightIds, ...seed.opportunities.flatMap((o) => o.insightIds)])];
    const known = new Set(seed.ckrs.map((ckr) => ckr.id));
    const ckrIds = [...new Set(seed.opportunities.map((o) => o.ckrId).filter((id): id is string => id !== null && !known.has(id)))];
    const productGoalId = seed.productGoalId ?? seed.opportunities[0]?.productGoalId ?? null;

    const evidencePage = evidence ? insightIds.slice(evidence.from, evidence.from + evidence.limit) : [];
    const [ckrs, solutionLists, productGoal, evidenceReply] = await Promise.all([
      Promise.all(ckrIds.map((id) => this.readers.ckr.find(auth, id))),
      Promise.all(
        (focus.kind === 'solution' ? [] : followedOpportunities).map((o) => this.readers.solution.list(auth, { opportunityId: o.id, limit: MAX_PAGE_SIZE })),
      ),
      productGoalId ? this.readers.product_goal.find(auth, productGoalId) : Promise.resolve(null),
      evidencePage.length ? this.readers.insight.insightEvidence(auth, evidencePage) : Promise.resolve({ items: [] }),
    ]);
    const allCkrs = merge<Links<CkrResponse>>([...seed.ckrs], ckrs);
    const followed = allCkrs.slice(0, DISCOVERY_CONTEXT_FOLLOWED);
    const first = followed[0];
    // The annual goal follows the product goal named, not the first OKR's fallback one.
    const annualGoalId = seed.annualGoalId ?? productGoal?.annualGoalId ?? first?.annualGoalId ?? null;
    const solutions = merge<Links<SolutionResponse>>([...seed.solutions], solutionLists.flatMap((page) => page.items));
    // An OKR's experiments are the OKR's; below an OKR, those of the solutions walked (read by solution:
    // listing the OKR's and keeping the solutions' read up to 500 experiments of a large organization).
    const ckrScoped = focus.kind === 'ckr' || focus.kind === 'annual_goal';
    const [experiments, ckrProductGoal, annualGoal] = await Promise.all([
      ckrScoped
        ? Promise.all(followed.map((ckr) => this.readers.experiment.list(auth, { ckrId: ckr.id, limit: MAX_PAGE_SIZE }))).then((pages) => pages.flatMap((page) => page.items))
        : this.readers.experiment.forSolutions(auth, solutions.map((s) => s.id), MAX_PAGE_SIZE),
      !productGoal && first?.productGoalId ? this.readers.product_goal.find(auth, first.productGoalId) : Promise.resolve(null),
      annualGoalId ? this.readers.annual_goal.find(auth, annualGoalId) : Promise.resolve(null),
    ]);
    return {
      ckrs: readHere(allCkrs, focus),
      opportunities: readHere(seed.opportunities, focus),
      solutions: readHere(solutions, focus),
      experiments: readHere(merge<Links<ExperimentResponse>>([...seed.experiments], experiments), focus),
      productGoal: productGoal ?? ckrProductGoal,
      annualGoal,
      insightIds,
      insights: evidenceReply.items,
    };
  }

  /** The records the focus names directly, a strategy focus (as its links) among them. */
  private async seed(auth: AuthContext, focus: DiscoveryFocusDto): Promise<Seed> {
    const seed: Seed = { ckrs: [], opportunities: [], solutions: [], experiments: [], productGoalId: null, annualGoalId: null, insightIds: [] };
    const find = <T>(service: { find(auth: AuthContext, ref: string): Promise<T | null> }, ref: string | null | undefined) =>
      ref ? service.find(auth, ref) : Promise.resolve(null);
    const opportunityOf = (solution: Links<SolutionResponse> | null) => find(this.readers.opportunity, solution?.opportunityId);
    const { id } = focus;
    switch (focus.kind) {
      case 'work_item':
      case 'intake': {
        // A delivery record: what it names starts the walk (an intake names an opportunity only).
        const [opportunity, ckr, solution, experiment] = await Promise.all([
          find(this.readers.opportunity, focus.opportunityId),
          find(this.readers.ckr, focus.ckrId),
          find(this.readers.solution, focus.solutionId),
          find(this.readers.experiment, focus.experimentId),
        ]);
        merge(seed.opportunities, [opportunity ?? (await opportunityOf(solution))]);
        merge(seed.ckrs, [ckr]);
        merge(seed.solutions, [solution]);
        merge(seed.experiments, [experiment]);
        break;
      }
      case 'opportunity':
        seed.opportunities.push({ id, insightIds: focus.insightIds ?? [], ckrId: focus.ckrId ?? null, productGoalId: focus.productGoalId ?? null });
        break;
      case 'ckr':
        seed.ckrs.push({ id, annualGoalId: focus.annualGoalId ?? null, productGoalId: focus.productGoalId ?? null });
        merge(seed.opportunities, (await this.readers.opportunity.list(auth, { ckrId: id, limit: MAX_PAGE_SIZE })).items);
        break;
      case 'solution': {
        const solution = { id, opportunityId: focus.opportunityId ?? null };
        seed.solutions.push(solution);
        merge(seed.opportunities, [await opportunityOf(solution)]);
        break;
      }
      case 'experiment': {
        seed.experiments.push({ id, ckrId: focus.ckrId ?? null, solutionId: focus.solutionId ?? null });
        const [ckr, solution] = await Promise.all([find(this.readers.ckr, focus.ckrId), find(this.readers.solution, focus.solutionId)]);
        merge(seed.ckrs, [ckr]);
        merge(seed.solutions, [solution]);
        merge(seed.opportunities, [await opportunityOf(solution)]);
        break;
      }
      case 'insight':
        seed.insightIds.push(id);
        break;
      case 'product_goal':
        seed.productGoalId = id;
        merge(seed.opportunities, (await this.readers.opportunity.list(auth, { productGoalId: id, limit: MAX_PAGE_SIZE })).items);
        break;
      case 'annual_goal':
        seed.annualGoalId = id;
        merge(seed.ckrs, (await this.readers.ckr.list(auth, { annualGoalId: id, limit: MAX_PAGE_SIZE })).items);
        break;
    }
    return seed;
  }
}
