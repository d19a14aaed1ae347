import { Inject, Injectable } from '@nestjs/common';
import { SearchStrategyQuery, SearchStrategyReply, StrategyListRequest as List, StrategySubjects as S } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { StrategySearchService } from './strategy-search.service';

@Injectable()
export class StrategySearchHandler {
  constructor(@Inject(StrategySearchService) private readonly searchService: StrategySearchService) {}

  @HandleMessage(S.search)
  search({ auth, query }: List<SearchStrategyQuery>): Promise<SearchStrategyReply> {
    return this.searchService.search(auth, query);
  }
}
