import { Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { AUDIT_EVENT_TYPE, AuditEntry, AuditLogRequest, AuditSubjects, EventEnvelope, Page, eventSubject } from '@pds/contracts';
import { MessageController, durable } from '@pds/messaging';
import { AuditLogService } from './audit-log.service';

/** Entries the consumer takes from the stream before the first is stored (stored together, see AuditLogService). */
const IN_FLIGHT = 200;

@MessageController()
export class AuditHandler {
  constructor(@Inject(AuditLogService) private readonly log: AuditLogService) {}

  @EventPattern(eventSubject(AUDIT_EVENT_TYPE), durable('audit-log', { concurrency: IN_FLIGHT }))
  onEntry(@Payload() envelope: EventEnvelope<AuditEntry>): Promise<void> {
    return this.log.accept(envelope);
  }

  @MessagePattern(AuditSubjects.list)
  list(@Payload() { auth, query }: AuditLogRequest): Promise<Page<AuditEntry>> {
    return this.log.list(auth, query);
  }

  @MessagePattern(AuditSubjects.history)
  history(@Payload() { auth, query }: AuditLogRequest): Promise<Page<AuditEntry>> {
    return this.log.history(auth, query);
  }
}
