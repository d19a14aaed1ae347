import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreationListQuery, Page, SortedRead, resourceOf } from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';

/** What NamedRecordService needs of a kind's repository. */
export interface NamedRecordRepository<Row, Data> {
  list(organizationId: string, order: SortedRead, take: number): Promise<Row[]>;
  find(organizationId: string, id: string): Promise<Row | null>;
  /** Null when the organization has a record of that name already. */
  create(organizationId: string, data: Data, tx: DeliveryTx): Promise<Row | null>;
}

/**
 * A kind of record whose one rule is a name unique per organization (labels, teams): list, get, and
 * create (DELIVERY_WRITE; 409 on a taken name, one audit entry). The kind's service extends it with
 * its repository, mapper and the stored values of a create body.
 */
export abstract class NamedRecordService<Row extends { id: string; name: string; createdAt: Date }, Create extends { name: string }, Data, Response> {
  protected constructor(
    private readonly rows: NamedRecordRepository<Row, Data>,
    private readonly outbox: DeliveryOutbox,
    private readonly kind: 'label' | 'team',
    private readonly toResponse: (row: Row) => Response,
  ) {}

  /** What is stored of a create body. */
  protected abstract valuesOf(body: Create): Data;

  async list(auth: AuthContext, query: CreationListQuery): Promise<Page<Response>> {
    assertCan(auth, Permission.Read);
    return readCreationPage(query, (order, take) => this.rows.list(auth.organizationId, order, take), this.toResponse);
  }

  async get(auth: AuthContext, id: string): Promise<Response> {
    assertCan(auth, Permission.Read);
    return this.toResponse(await requireByPathId(resourceOf(this.kind), id, (uuid) => this.rows.find(auth.organizationId, uuid)));
  }

  async create(auth: AuthContext, body: Create): Promise<Response> {
    assertCan(auth, Permission.DeliveryWrite);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.rows.create(auth.organizationId, this.valuesOf(body), tx);
      if (!created) throw new ConflictError(`A ${this.kind} named ${body.name} exists already`, { name: ['already taken'] });
      events.audit(auth, { action: 'created', record: { type: this.kind, id: created.id }, changes: { name: { from: null, to: created.name } } });
      return this.toResponse(created);
    });
  }
}
