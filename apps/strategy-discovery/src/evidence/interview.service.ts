import { Inject, Injectable } from '@nestjs/common';
import { CreateInterviewDto, InterviewResponse, UpdateInterviewDto } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { Interview } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { toInterviewResponse } from './evidence.mapper';
import { EvidenceRepository } from './evidence.repository';

const toTimestamp = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(value));

/** Discovery interviews: what insights quote. */
@Injectable()
export class InterviewService extends PlainRecordService<Interview, InterviewResponse, CreateInterviewDto, UpdateInterviewDto> {
  constructor(@Inject(EvidenceRepository) evidence: EvidenceRepository, @Inject(StrategyOutbox) outbox: StrategyOutbox) {
    super(evidence.interviews, outbox, { recordKind: 'interview', toResponse: toInterviewResponse });
  }

  protected override toCreate(dto: CreateInterviewDto): object {
    return { ...dto, conductedAt: toTimestamp(dto.conductedAt) };
  }

  protected override toUpdate(_current: Interview, dto: UpdateInterviewDto): object {
    return { ...dto, conductedAt: toTimestamp(dto.conductedAt) };
  }
}
