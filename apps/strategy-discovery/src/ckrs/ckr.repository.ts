import { Inject, Injectable } from '@nestjs/common';
import { CKR_KEY_PREFIX, KeyResultInputDto, ListCkrsQuery, RECORD_SORT, SortedRead } from '@pds/contracts';
import { nextKeyNumber, prismaSorted } from '@pds/persistence';
import { STRATEGY_SCHEMA, StrategyTx } from '../database/strategy.prisma';
import { Ckr, KeyResult, Prisma, PrismaClient } from '../generated/strategy/client';
import { refWhere } from '../records/record-ref';
import { CkrWithKeyResults } from './ckr.mapper';

/** What an OKR is made of, whether it comes from POST /ckrs or from promote. */
export interface NewCkr {
  annualGoalId: string;
  productGoalId: string | null;
  planningCycleIds: string[];
  ownerId: string | null;
  title: string;
  description: string | null;
  confidence: number;
  status: string;
  keyResults: KeyResultInputDto[];
}

const include = { keyResults: { orderBy: { position: 'asc' } } } as const;

/** OKRs with their key results; every query is scoped by organization id. */
@Injectable()
export class CkrRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  async findByRef(organizationId: string, ref: string): Promise<CkrWithKeyResults | null> {
    const where = refWhere(ref, CKR_KEY_PREFIX);
    return where ? this.prisma.ckr.findFirst({ where: { organizationId, ...where }, include }) : null;
  }

  async list(organizationId: string, query: ListCkrsQuery, order: SortedRead, take: number): Promise<CkrWithKeyResults[]> {
    const sorted = prismaSorted(order, RECORD_SORT);
    const ckrs = await this.prisma.ckr.findMany({
      where: {
        organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.planningCycleId ? { planningCycleIds: { has: query.planningCycleId } } : {}),
        ...(query.annualGoalId ? { annualGoalId: query.annualGoalId } : {}),
        ...sorted.where,
      },
      orderBy: sorted.orderBy,
      take,
    });
    return this.withKeyResults(organizationId, ckrs);
  }

  /**
   * The key results of a page of OKRs, each OKR's read by the (ckr_id, position) index (a lateral
   * subquery per OKR). Prisma's `include` asked for them as one `ckr_id IN (…100 ids)`, which
   * PostgreSQL answered by scanning the whole key_results table when 100 probes priced near a scan.
   */
  private async withKeyResults(organizationId: string, ckrs: Ckr[]): Promise<CkrWithKeyResults[]> {
    if (!ckrs.length) return [];
    const rows = await this.prisma.$queryRawUnsafe<KeyResult[]>(
      `SELECT kr.id, kr.organization_id AS "organizationId", kr.ckr_id AS "ckrId", kr.position, kr.title, kr.metric,
              kr.target_value AS "targetValue", kr.current_value AS "currentValue", kr.unit, kr.status
         FROM unnest($2::uuid[]) AS page(id)
        CROSS JOIN LATERAL (SELECT k.* FROM "${STRATEGY_SCHEMA}".key_results k
                             WHERE k.ckr_id = page.id AND k.organization_id = $1::uuid ORDER BY k.position) kr`,
      organizationId,
      ckrs.map((ckr) => ckr.id),
    );
    const byCkr = new Map<string, KeyResult[]>(ckrs.map((ckr) => [ckr.id, []]));
    for (const row of rows) byCkr.get(row.ckrId)?.push(row);
    return ckrs.map((ckr) => ({ ...ckr, keyResults: byCkr.get(ckr.id) ?? [] }));
  }

  /** Takes the next OKR-n of the organization inside the caller's transaction. */
  async create(organizationId: string, input: NewCkr, tx: StrategyTx): Promise<CkrWithKeyResults> {
    const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, CKR_KEY_PREFIX);
    const { keyResults, ...fields } = input;
    return tx.ckr.create({
      data: {
        ...fields,
        organizationId,
        number,
        keyResults: {
          create: keyResults.map((kr, position) => ({
            organizationId,
            position,
            title: kr.title,
            metric: kr.metric ?? null,
            targetValue: kr.targetValue ?? null,
            currentValue: kr.currentValue ?? null,
            unit: kr.unit ?? null,
          })),
        },
      },
      include,
    });
  }

  update(organizationId: string, id: string, data: Prisma.CkrUncheckedUpdateInput, tx: StrategyTx): Promise<CkrWithKeyResults> {
    return tx.ckr.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() }, include });
  }

  /** A key-result change also touches its OKR's updatedAt. */
  async updateKeyResult(
    organizationId: string,
    ckrId: string,
    keyResultId: string,
    data: Prisma.KeyResultUncheckedUpdateInput,
    tx: StrategyTx,
  ): Promise<CkrWithKeyResults> {
    await tx.keyResult.update({ where: { id: keyResultId, ckrId, organizationId }, data });
    return this.update(organizationId, ckrId, {}, tx);
  }
}
