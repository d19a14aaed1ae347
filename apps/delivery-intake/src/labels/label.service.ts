import { Inject, Injectable } from '@nestjs/common';
import { CreateLabelDto, LabelResponse } from '@pds/contracts';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { NamedRecordService } from '../named-records/named-records.service';
import { Label } from '../generated/delivery/client';
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
export class LabelService extends NamedRecordService<Label, CreateLabelDto, { name: string; color: string }, LabelResponse> {
  constructor(@Inject(LabelRepository) labels: LabelRepository, @Inject(DeliveryOutbox) outbox: DeliveryOutbox) {
    super(labels, outbox, 'label', toLabelResponse);
  }

  /** Colors are stored in lower case, so `#FF0000` and `#ff0000` are one color. */
  protected valuesOf(body: CreateLabelDto): { name: string; color: string } {
    return { name: body.name, color: body.color.toLowerCase() };
  }
}
