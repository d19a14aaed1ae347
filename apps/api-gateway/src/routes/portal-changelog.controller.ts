import { Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { DEFAULT_PORTAL_PAGE_SIZE, Page, PortalPageQuery, PortalSubjects, PublicChangelogEntryResponse } from '@pds/contracts';
import { PageInterceptor, Returns, ReturnsPage, Doc } from '@pds/http';
import { PortalRoute, PortalRoutes } from './portal-route';

/** The public changelog of an enabled portal: published entries, newest first (same limits as the portal). */
@PortalRoute('changelog')
export class PortalChangelogController extends PortalRoutes {
  @ReturnsPage(PublicChangelogEntryResponse)
  @Get()
  @Doc("List published changelog entries", "The organization's published changelog, newest first, for its public portal. No key; 404 when the organization has no enabled portal.")
  @UseInterceptors(PageInterceptor)
  async list(@Param('slug') slug: string, @Query() query: PortalPageQuery): Promise<Page<PublicChangelogEntryResponse>> {
    const organizationId = await this.organizations.requirePortal(slug);
    return this.bus.request(PortalSubjects.changelogList, { ...query, limit: query.limit ?? DEFAULT_PORTAL_PAGE_SIZE, organizationId });
  }

  @Returns(PublicChangelogEntryResponse)
  @Get(':id')
  @Doc("Get a published changelog entry", "One published entry; a draft or another organization's entry is 404.")
  async get(@Param('slug') slug: string, @Param('id') id: string): Promise<PublicChangelogEntryResponse> {
    return this.bus.request(PortalSubjects.changelogGet, { organizationId: await this.organizations.requirePortal(slug), id });
  }
}
