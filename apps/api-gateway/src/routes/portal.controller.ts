import { Body, Get, Inject, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import {
  DEFAULT_PORTAL_PAGE_SIZE,
  Page,
  PortalIntakeDto,
  PortalListQuery,
  PortalSubjects,
  PortalVoteDto,
  PublicIntakeResponse,
} from '@pds/contracts';
import { PageInterceptor, Returns, ReturnsPage } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { PortalRoute } from './portal-route';

/**
 * The public intake portal: no API key, rate limited per client address, open only when the
 * organization enabled it (404 otherwise, as for an unknown slug).
 */
@PortalRoute('intake')
export class PortalController {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(OrganizationSettingsService) private readonly organizations: OrganizationSettingsService,
  ) {}

  @ReturnsPage(PublicIntakeResponse)
  @Get()
  @UseInterceptors(PageInterceptor)
  async list(@Param('slug') slug: string, @Query() query: PortalListQuery): Promise<Page<PublicIntakeResponse>> {
    return this.bus.request(PortalSubjects.list, { ...query, limit: query.limit ?? DEFAULT_PORTAL_PAGE_SIZE, organizationId: await this.organizations.requirePortal(slug) });
  }

  @Returns(PublicIntakeResponse)
  @Post()
  async submit(@Param('slug') slug: string, @Body() body: PortalIntakeDto): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.submit, { organizationId: await this.organizations.requirePortal(slug), body });
  }

  @Returns(PublicIntakeResponse)
  @Get(':id')
  async get(@Param('slug') slug: string, @Param('id') id: string): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.get, { organizationId: await this.organizations.requirePortal(slug), id });
  }

  @Returns(PublicIntakeResponse)
  @Post(':id/votes')
  async vote(@Param('slug') slug: string, @Param('id') id: string, @Body() body: PortalVoteDto, @Req() request: FastifyRequest): Promise<PublicIntakeResponse> {
    const organizationId = await this.organizations.requirePortal(slug);
    // Only a hash of the client address leaves the edge (TRUST_PROXY decides whose address it is).
    const addressHash = createHash('sha256').update(`${organizationId}/${request.ip}`).digest('hex');
    return this.bus.request(PortalSubjects.vote, { organizationId, id, body, addressHash });
  }
}
