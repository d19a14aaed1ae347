import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope, InternalEventType, eventSubject } from '@pds/contracts';
import { MessageController, durable } from '@pds/messaging';
import { ClassificationConsumer } from './classification.consumer';

/** The strategy changes that can change which OKR a work item reaches. */
@MessageController()
export class ClassificationHandler {
  constructor(@Inject(ClassificationConsumer) private readonly classification: ClassificationConsumer) {}

  @EventPattern(
    [InternalEventType.OpportunityUpdated, InternalEventType.SolutionUpdated, InternalEventType.ExperimentUpdated].map(eventSubject),
    durable('delivery-intake'),
  )
  onStrategyRecordUpdated(@Payload() envelope: EventEnvelope): Promise<void> {
    return this.classification.handle(envelope);
  }
}
