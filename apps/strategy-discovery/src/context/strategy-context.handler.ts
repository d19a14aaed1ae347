import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DiscoveryContextReply, DiscoveryContextRequest, StrategySubjects as S } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyContextService } from './strategy-context.service';

@MessageController()
export class StrategyContextHandler {
  constructor(@Inject(StrategyContextService) private readonly contexts: StrategyContextService) {}

  @MessagePattern(S.discoveryContext)
  context(@Payload() { auth, ...request }: DiscoveryContextRequest): Promise<DiscoveryContextReply> {
    return this.contexts.context(auth, request);
  }
}
