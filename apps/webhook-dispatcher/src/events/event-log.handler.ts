import { MessagePattern, Payload } from '@nestjs/microservices';
import { Inject } from '@nestjs/common';
import { EncodedJson, ErasePersonalDataRequest, EventLogSubjects, ListEventsRequest, Page, WebhookErasureCounts, WebhookEventEnvelope } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { EventLogService } from './event-log.service';
import { PersonalDataService } from './personal-data.service';

@MessageController()
export class EventLogHandler {
  constructor(
    @Inject(EventLogService) private readonly service: EventLogService,
    @Inject(PersonalDataService) private readonly personalData: PersonalDataService,
  ) {}

  @MessagePattern(EventLogSubjects.list)
  list(@Payload() { auth, query }: ListEventsRequest): Promise<EncodedJson<Page<WebhookEventEnvelope>>> {
    return this.service.list(auth, query);
  }

  @MessagePattern(EventLogSubjects.erase)
  erase(@Payload() { auth, body }: ErasePersonalDataRequest): Promise<WebhookErasureCounts> {
    return this.personalData.erase(auth, body.email);
  }
}
