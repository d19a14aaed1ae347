import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, SEARCHABLE_KINDS, SearchableKind } from '@pds/contracts';
import { RecordSearch, SearchAfter } from '@pds/edge';
import { RecordType } from './record-type';
import { nameOf } from './record.view';

/** What a search takes, by the names agents see (the contracts' searchable kinds). */
export const SEARCHABLE_TYPES = SEARCHABLE_KINDS;
export type SearchableType = SearchableKind;

/** A search line: the record's key (or uuid where its kind has none) and kind, as list lines have them. */
export type SearchResultItem = ({ key: string } | { id: string }) & {
  recordKind: RecordType;
  title: string;
  status: string | null;
  snippet: string | null;
};

export interface SearchPage {
  items: SearchResultItem[];
  next: SearchAfter | null;
  omitted: number;
}

/** MCP's view of the one record search (libs/edge RecordSearch): ranked lines, best first. */
@Injectable()
export class RecordSearchService {
  constructor(@Inject(RecordSearch) private readonly records: RecordSearch) {}

  async search(auth: AuthContext, q: string, types: readonly SearchableType[], limit: number, after?: SearchAfter | null): Promise<SearchPage> {
    const page = await this.records.search(auth, q, types, limit, after ?? undefined);
    return {
      items: page.items.map((hit) => ({ ...nameOf(hit), recordKind: hit.type, title: hit.title, status: hit.status, snippet: hit.snippet })),
      next: page.next,
      omitted: page.omitted,
    };
  }
}
