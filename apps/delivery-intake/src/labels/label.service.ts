import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreateLabelDto, CreationListQuery, LabelResponse, Page } from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { LabelRepository } from './label.repository';

interface LabelRecord {
  id: string;
  name: string;
  color: string;
  createdAt: Date;
}

export function toLabelResponse(record: LabelRecord): LabelResponse {
  return { id: record.id, name: record.name, color: record.color, createdAt: record.createdAt.toISOString() };
}

/** Labels of an organization; names are unique per organization (409 on a repeat). */
@Injectable()
export class LabelService {
  constructor(
    @Inject(LabelRepository) private readonly labels: LabelRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, query: CreationListQuery): Promise<Page<LabelResponse>> {
    assertCan(auth, Permission.Read);
    return readCreationPage(query, (order, take) => this.labels.list(auth.organizationId, order, take), toLabelResponse);
  }

  async get(auth: AuthContext, id: string): Promise<LabelResponse> {
    assertCan(auth, Permission.Read);
    return toLabelResponse(await requireByPathId('Label', id, (uuid) => this.labels.find(auth.organizationId, uuid)));
  }

  async create(auth: AuthContext, dto: CreateLabelDto): Promise<LabelResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.labels.create(auth.organizationId, { name: dto.name, color: dto.color.toLowerCase() }, tx);
      if (!created) throw new ConflictError(`A label named ${dto.name} exists already`, { name: ['already taken'] });
      events.audit(auth, { action: 'created', record: { type: 'label', id: created.id }, changes: { name: { from: null, to: created.name } } });
      return toLabelResponse(created);
    });
  }
}
