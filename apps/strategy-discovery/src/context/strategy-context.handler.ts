import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DiscoveryContextReply, DiscoveryContextRequest, LocateRecordRequest, LocatedStrategyRecord, StrategySubjects as S } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyContextService } from './strategy-context.service';
import { StrategyRecordLocator } from './strategy-record-locator.service';

@MessageController()
export class StrategyContextHandler {
  constructor(
    @Inject(StrategyContextService) private readonly contexts: StrategyContextService,
    @Inject(StrategyRecordLocator) private readonly locator: StrategyRecordLocator,
  ) {}

  @MessagePattern(S.discoveryContext)
  context(@Payload() { auth, ...request }: DiscoveryContextRequest): Promise<DiscoveryContextReply> {
    return this.contexts.context(auth, request);
  }

  @MessagePattern(S.locate)
  locate(@Payload() { auth, id }: LocateRecordRequest): Promise<LocatedStrategyRecord | null> {
    return this.locator.locate(auth, id);
  }
}
