import { Body, Get, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PORTAL_PAGE_SIZE,
  JsonPage,
  PortalIntakeDto,
  PortalListQuery,
  PortalSubjects,
  PortalVoteDto,
  PublicIntakeResponse,
  splitPageJson,
} from '@pds/contracts';
import { PageInterceptor, Returns, ReturnsPage, Doc } from '@pds/http';
import { PortalRoute, PortalRoutes } from './portal-route';
import { voterAddressHash } from './portal-voter';

/**
 * The public intake portal: no API key, rate limited per client address, open only when the
 * organization enabled it (404 otherwise, as for an unknown slug).
 */
@PortalRoute('intake')
export class PortalController extends PortalRoutes {
  @ReturnsPage(PublicIntakeResponse)
  @Get()
  @Doc('List public intake submissions', 'The submissions the organization shows on its public portal. No key; 404 when the portal is off.')
  @UseInterceptors(PageInterceptor)
  // The items go out as the service's JSON (as the work-item list's do): only the cursor is read.
  async list(@Param('slug') slug: string, @Query() query: PortalListQuery): Promise<JsonPage<PublicIntakeResponse>> {
    const organizationId = await this.organizations.requirePortal(slug);
    return splitPageJson(await this.bus.requestJson(PortalSubjects.list, { ...query, limit: query.limit ?? DEFAULT_PORTAL_PAGE_SIZE, organizationId }));
  }

  @Returns(PublicIntakeResponse)
  @Post()
  @Doc('Submit intake through the portal', 'Anyone may submit a bug or an improvement with a name and an email; it arrives as an intake submission (`viaPortal: true`) for the organization to triage. Rate-limited per address.', { emits: ['intake.created'] })
  async submit(@Param('slug') slug: string, @Body() body: PortalIntakeDto): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.submit, { organizationId: await this.organizations.requirePortal(slug), body });
  }

  @Returns(PublicIntakeResponse)
  @Get(':id')
  @Doc('Get a public intake submission', 'One submission the portal shows, by its `INT-n` key or uuid.')
  async get(@Param('slug') slug: string, @Param('id') id: string): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.get, { organizationId: await this.organizations.requirePortal(slug), id });
  }

  @Returns(PublicIntakeResponse)
  @Post(':id/votes')
  @Doc('Vote through the portal', 'One vote per email address and submission; voting again changes nothing.')
  async vote(@Param('slug') slug: string, @Param('id') id: string, @Body() body: PortalVoteDto, @Req() request: FastifyRequest): Promise<PublicIntakeResponse> {
    const organizationId = await this.organizations.requirePortal(slug);
    return this.bus.request(PortalSubjects.vote, { organizationId, id, body, addressHash: voterAddressHash(organizationId, request.ip) });
  }
}
