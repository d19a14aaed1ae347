import { Body, Controller, Get, Inject, Param, Post, Query, Req, UseGuards, UseInterceptors, UsePipes } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import {
  DEFAULT_PORTAL_PAGE_SIZE,
  NotFoundError,
  Page,
  PortalIntakeDto,
  PortalListQuery,
  PortalSubjects,
  PortalVoteDto,
  PublicIntakeResponse,
} from '@pds/contracts';
import { ContractValidationPipe, PageInterceptor, Returns, ReturnsPage } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { PortalRateLimitGuard } from './portal-rate-limit.guard';

/**
 * The public intake portal: no API key, rate limited per client address, open only when the
 * organization enabled it (404 otherwise, as for an unknown slug).
 */
@Controller('public/portals/:slug/intake')
@UseGuards(PortalRateLimitGuard)
@UsePipes(ContractValidationPipe)
@ApiTags('public portal')
export class PortalController {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(OrganizationSettingsService) private readonly organizations: OrganizationSettingsService,
  ) {}

  @ReturnsPage(PublicIntakeResponse)
  @Get()
  @UseInterceptors(PageInterceptor)
  async list(@Param('slug') slug: string, @Query() query: PortalListQuery): Promise<Page<PublicIntakeResponse>> {
    const { limit = DEFAULT_PORTAL_PAGE_SIZE, cursor } = query;
    return this.bus.request(PortalSubjects.list, { organizationId: await this.organization(slug), limit, cursor });
  }

  @Returns(PublicIntakeResponse)
  @Post()
  async submit(@Param('slug') slug: string, @Body() body: PortalIntakeDto): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.submit, { organizationId: await this.organization(slug), body });
  }

  @Returns(PublicIntakeResponse)
  @Get(':id')
  async get(@Param('slug') slug: string, @Param('id') id: string): Promise<PublicIntakeResponse> {
    return this.bus.request(PortalSubjects.get, { organizationId: await this.organization(slug), id });
  }

  @Returns(PublicIntakeResponse)
  @Post(':id/votes')
  async vote(@Param('slug') slug: string, @Param('id') id: string, @Body() body: PortalVoteDto, @Req() request: FastifyRequest): Promise<PublicIntakeResponse> {
    const organizationId = await this.organization(slug);
    // Only a hash of the client address leaves the edge (TRUST_PROXY decides whose address it is).
    const addressHash = createHash('sha256').update(`${organizationId}/${request.ip}`).digest('hex');
    return this.bus.request(PortalSubjects.vote, { organizationId, id, body, addressHash });
  }

  private async organization(slug: string): Promise<string> {
    const organizationId = await this.organizations.portalOrganization(slug);
    if (!organizationId) throw new NotFoundError('Portal', slug);
    return organizationId;
  }
}
