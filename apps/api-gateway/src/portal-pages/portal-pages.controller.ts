import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from './portal-answer';
import { portalAsset } from './portal-assets';
import { PortalCsrfGuard } from './portal-csrf.guard';
import type { FormFields } from './portal-form';
import { PortalPageFilter } from './portal-page.filter';
import { AS_HTML, HTML_PAGE, PageRoute } from './portal-page-route';
import { PortalPagesService } from './portal-pages.service';
import { csrfToken } from './portal-security';

const FEED = { status: 200, description: 'The published changelog as an Atom feed', content: { 'application/atom+xml': { schema: { type: 'string' } } } };

/**
 * The portal as web pages at /portal/{slug}: server-rendered HTML that works without script, over
 * the same messages, rules and rate limit as the JSON portal (PortalPagesService). Errors are
 * pages too (PortalPageFilter); form posts need their anti-forgery token (PortalCsrfGuard).
 */
@Controller('portal')
@ApiTags('portal pages')
@UseFilters(PortalPageFilter)
export class PortalPagesController {
  constructor(@Inject(PortalPagesService) private readonly pages: PortalPagesService) {}

  @Get('assets/:file')
  @ApiOkResponse({ description: 'The pages’ stylesheets and script, named by their content: cached for a year', content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'No such asset', content: AS_HTML })
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    const asset = portalAsset(file);
    if (!asset) throw new NotFoundError('Asset', file);
    void reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
  }

  @Get(':slug')
  @PageRoute(HTML_PAGE, 304, 400)
  async list(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.list(slug, query));
  }

  @Get(':slug/intake/:id')
  @PageRoute(HTML_PAGE)
  async submission(@Param('slug') slug: string, @Param('id') id: string, @Query('voted') voted: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.submission(slug, id, voted === '1', csrfToken(request, reply)));
  }

  @Post(':slug/intake/:id/votes')
  // Decorators apply from the bottom: PageRoute's rate limit is charged before the token is checked.
  @UseGuards(PortalCsrfGuard)
  @PageRoute({ status: 303, description: 'Vote counted: on to the submission page (a filled honeypot too, counting nothing)' }, 400, 403, 409, 413, 415)
  async vote(@Param('slug') slug: string, @Param('id') id: string, @Body() form: FormFields | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.vote(slug, id, form, request.ip, csrfToken(request, reply)));
  }

  @Get(':slug/new')
  @PageRoute(HTML_PAGE)
  async newSubmission(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.newForm(slug, csrfToken(request, reply)));
  }

  @Post(':slug/new')
  @UseGuards(PortalCsrfGuard)
  @PageRoute({ status: 303, description: 'Submitted: on to the new submission’s page (a filled honeypot: on to the list, storing nothing)' }, 400, 403, 413, 415)
  async submit(@Param('slug') slug: string, @Body() form: FormFields | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.submit(slug, form, csrfToken(request, reply)));
  }

  @Get(':slug/changelog')
  @PageRoute(HTML_PAGE, 304, 400)
  async changelog(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.changelog(slug, query));
  }

  @Get(':slug/changelog.atom')
  @PageRoute(FEED, 304)
  async feed(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.feed(slug, `${request.protocol}://${request.host}`));
  }

  @Get(':slug/changelog/:id')
  @PageRoute(HTML_PAGE, 304)
  async changelogEntry(@Param('slug') slug: string, @Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendAnswer(request, reply, await this.pages.changelogEntry(slug, id));
  }
}
