import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SearchStrategyReply, SearchStrategyRequest, StrategySubjects as S } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategySearchService } from './strategy-search.service';

@MessageController()
export class StrategySearchHandler {
  constructor(@Inject(StrategySearchService) private readonly searchService: StrategySearchService) {}

  @MessagePattern(S.search)
  search(@Payload() { auth, query }: SearchStrategyRequest): Promise<SearchStrategyReply> {
    return this.searchService.search(auth, query);
  }
}
