import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DiscoveryContextReply, DiscoveryContextRequest, StrategySubjects as S } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DiscoveryContextService } from './discovery-context.service';

@MessageController()
export class DiscoveryContextHandler {
  constructor(@Inject(DiscoveryContextService) private readonly contexts: DiscoveryContextService) {}

  @MessagePattern(S.discoveryContext)
  context(@Payload() { auth, ...request }: DiscoveryContextRequest): Promise<DiscoveryContextReply> {
    return this.contexts.context(auth, request);
  }
}
