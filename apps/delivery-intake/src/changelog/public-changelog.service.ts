import { Inject, Injectable } from '@nestjs/common';
import { Page, PortalPageQuery, PublicChangelogEntryResponse } from '@pds/contracts';
import { readPage, requireByPathId } from '@pds/persistence';
import { ChangelogEntry } from '../generated/delivery/client';
import { ChangelogRepository } from './changelog.repository';

/** What the public reads of an entry: no drafts, no work-item ids, no edit times. */
export function toPublicChangelog(entry: ChangelogEntry): PublicChangelogEntryResponse {
  return {
    id: entry.id,
    title: entry.title,
    body: entry.body,
    // Only PUBLISHED entries are read here, and publishing sets the time.
    publishedAt: (entry.publishedAt ?? entry.updatedAt).toISOString(),
    createdAt: entry.createdAt.toISOString(),
  };
}

const publishedAtOf = (entry: ChangelogEntry) => (entry.publishedAt ?? entry.updatedAt).toISOString();

/**
 * The public changelog of a portal: published entries only, newest first. The gateway has resolved
 * the organization from an enabled portal's slug; a draft and an unknown id are both 404.
 */
@Injectable()
export class PublicChangelogService {
  constructor(@Inject(ChangelogRepository) private readonly entries: ChangelogRepository) {}

  list(organizationId: string, query: PortalPageQuery): Promise<Page<PublicChangelogEntryResponse>> {
    return readPage(query, (before, take) => this.entries.listPublished(organizationId, before, take), toPublicChangelog, publishedAtOf);
  }

  async get(organizationId: string, id: string): Promise<PublicChangelogEntryResponse> {
    return toPublicChangelog(await requireByPathId('Changelog entry', id, (uuid) => this.entries.findPublished(organizationId, uuid)));
  }
}
