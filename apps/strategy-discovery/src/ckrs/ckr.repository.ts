import { Inject, Injectable } from '@nestjs/common';
import { CKR_KEY_PREFIX, CursorPosition, KeyResultInputDto, ListCkrsQuery } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { CkrWithKeyResults } from '../common/strategy.mapper';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx, inTransaction } from '../common/strategy.prisma';
import { Prisma, PrismaClient } from '../generated/strategy/client';

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

  transaction<T>(fn: (tx: StrategyTx) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma, fn);
  }

  async findByRef(organizationId: string, ref: string): Promise<CkrWithKeyResults | null> {
    const where = refWhere(ref, CKR_KEY_PREFIX);
    return where ? this.prisma.ckr.findFirst({ where: { organizationId, ...where }, include }) : null;
  }

  list(organizationId: string, query: ListCkrsQuery, after: CursorPosition | undefined, take: number): Promise<CkrWithKeyResults[]> {
    return this.prisma.ckr.findMany({
      where: {
        organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.planningCycleId ? { planningCycleIds: { has: query.planningCycleId } } : {}),
        ...(query.annualGoalId ? { annualGoalId: query.annualGoalId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [...CREATION_ORDER],
      take,
      include,
    });
  }

  /** Takes the next OKR-n of the organization inside the caller's transaction. */
  async create(tx: StrategyTx, organizationId: string, input: NewCkr): Promise<CkrWithKeyResults> {
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

  update(tx: StrategyTx, organizationId: string, id: string, data: Prisma.CkrUncheckedUpdateInput): Promise<CkrWithKeyResults> {
    return tx.ckr.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() }, include });
  }

  /** A key-result change also touches its OKR's updatedAt. */
  async updateKeyResult(
    tx: StrategyTx,
    organizationId: string,
    ckrId: string,
    keyResultId: string,
    data: Prisma.KeyResultUncheckedUpdateInput,
  ): Promise<CkrWithKeyResults> {
    await tx.keyResult.update({ where: { id: keyResultId, ckrId, organizationId }, data });
    return this.update(tx, organizationId, ckrId, {});
  }
}
