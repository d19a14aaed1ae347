import { Get, Inject, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, DEFAULT_SEARCH_PAGE, Page, RecordSearchQuery, SEARCHABLE_KINDS, SearchResultResponse } from '@pds/contracts';
import { RecordSearch, decodeSearchCursor, encodeSearchCursor } from '@pds/edge';
import { Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

/** `GET /search`: the one ranked search of MCP `search`, over REST. */
@ApiController('search')
export class SearchController {
  constructor(@Inject(RecordSearch) private readonly records: RecordSearch) {}

  @Get()
  @Paginated(SearchResultResponse)
  @Doc(
    'Search records',
    'Ranked text search over every record kind an agent can search: titles, descriptions, hypotheses, interview summaries and transcripts, insight quotes and work-item comments (a comment hit is its work item), plus exact keys (`WI-42`) and substrings of titles. Best match first (`score`, 0 to 1); records in the trash never appear, archived ones do. A text without letters or digits (`%`, `->`) matches among each kind\'s newest 1,000 records only. `types` narrows the kinds (comma-separated).',
    { requires: Permission.Read },
  )
  async search(@Auth() auth: AuthContext, @Query() query: RecordSearchQuery): Promise<Page<SearchResultResponse>> {
    const after = query.cursor ? decodeSearchCursor(query.cursor) : undefined;
    const types = query.types?.length ? [...new Set(query.types)] : SEARCHABLE_KINDS;
    const page = await this.records.search(auth, query.q, types, query.limit ?? DEFAULT_SEARCH_PAGE, after);
    return {
      items: page.items.map((hit) => ({ type: hit.type, id: hit.id, key: hit.key, title: hit.title, snippet: hit.snippet, score: hit.score })),
      nextCursor: page.next ? encodeSearchCursor(page.next) : null,
    };
  }
}
