import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DiscoveryGraphReply, DiscoveryGraphRequest, LocateRecordRequest, LocatedStrategyRecord, StrategySubjects as S } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyContextService } from './strategy-context.service';

@MessageController()
export class StrategyContextHandler {
  constructor(@Inject(StrategyContextService) private readonly contexts: StrategyContextService) {}

  @MessagePattern(S.discoveryGraph)
  graph(@Payload() { auth, ...request }: DiscoveryGraphRequest): Promise<DiscoveryGraphReply> {
    return this.contexts.graph(auth, request);
  }

  @MessagePattern(S.locate)
  locate(@Payload() { auth, id }: LocateRecordRequest): Promise<LocatedStrategyRecord | null> {
    return this.contexts.locate(auth, id);
  }
}
