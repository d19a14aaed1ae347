import { Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { DEFAULT_PORTAL_PAGE_SIZE, Page, PortalPageQuery, PortalSubjects, PublicChangelogEntryResponse } from '@pds/contracts';
import { PageInterceptor, Returns, ReturnsPage } from '@pds/http';
import { PortalRoute, PortalRoutes } from './portal-route';

/** The public changelog of an enabled portal: published entries, newest first (same limits as the portal). */
@PortalRoute('changelog')
export class PortalChangelogController extends PortalRoutes {
  @ReturnsPage(PublicChangelogEntryResponse)
  @Get()
  @UseInterceptors(PageInterceptor)
  async list(@Param('slug') slug: string, @Query() query: PortalPageQuery): Promise<Page<PublicChangelogEntryResponse>> {
    const organizationId = await this.organizations.requirePortal(slug);
    return this.bus.request(PortalSubjects.changelogList, { ...query, limit: query.limit ?? DEFAULT_PORTAL_PAGE_SIZE, organizationId });
  }

  @Returns(PublicChangelogEntryResponse)
  @Get(':id')
  async get(@Param('slug') slug: string, @Param('id') id: string): Promise<PublicChangelogEntryResponse> {
    return this.bus.request(PortalSubjects.changelogGet, { organizationId: await this.organizations.requirePortal(slug), id });
  }
}
