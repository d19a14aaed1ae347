import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AppException, BadRequestError, ErrorCode, ForbiddenError, NotFoundError, PortalSubjects } from '@pds/contracts';
import { textProblem } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { PortalRateLimitGuard } from '../routes/portal-rate-limit.guard';
import { voterAddressHash } from '../routes/portal-voter';
import { portalAsset } from './portal-assets';
import { changelogFeed } from './portal-feed';
import { FormFields } from './portal-form.parser';
import { PageBrand, portalPath } from './portal-layout';
import { PortalPageFilter } from './portal-page.filter';
import { cursorOf, listStateOf } from './portal-query';
import { csrfMatches, csrfToken, pageHeaders, sendCacheable } from './portal-security';
import { SubmissionForm, changelogEntryPage, changelogListPage, listHref, listPage, newPage, submissionPage } from './portal-views';

const PAGE_SIZE = 20;
const HTML = 'text/html; charset=utf-8';
const AS_HTML = { 'text/html': { schema: { type: 'string' } } };
const ERROR_PAGES: Readonly<Record<number, string>> = {
  400: 'A page address the portal does not understand (a bad cursor); a form: shown again with why',
  304: 'Not modified: the `If-None-Match` names the current ETag',
  403: 'A form post without the `_csrf` value of its `portal_csrf` cookie',
  404: 'The one not-found page: unknown slug, portal off, HIDDEN or unknown submission, draft or unknown entry',
  409: 'A vote refused by the vote rules: the page again with why',
  429: 'The portal’s rate limit per client address',
  503: 'A service the page needs is unavailable',
};

/** A portal page's route: the portal's rate limit, and its answers documented (every error is a page too). */
function PageRoute(success: { status: number; description: string; content?: Record<string, { schema: object }> }, ...errors: number[]): MethodDecorator {
  return applyDecorators(
    UseGuards(PortalRateLimitGuard),
    ApiResponse(success.status === 303 ? success : { content: AS_HTML, ...success }),
    ...[404, 429, 503, ...errors].map((status) => ApiResponse({ status, description: ERROR_PAGES[status], ...(status === 304 ? {} : { content: AS_HTML }) })),
  );
}
const PAGE = { status: 200, description: 'A page of the public portal' };

/** What a visitor reads next to a refused field (the contract's messages are for developers). */
const FIELD_MESSAGES: Readonly<Record<string, string>> = {
  kind: 'Choose bug or improvement.',
  title: 'Give a title of 3 to 200 characters.',
  description: 'Keep the description to 10,000 characters.',
  submitterName: 'Give your name (up to 200 characters).',
  submitterEmail: 'Give an e-mail address like name@example.com.',
  email: 'Give an e-mail address like name@example.com.',
};

const SUBMISSION_FIELDS = ['kind', 'title', 'description', 'submitterName', 'submitterEmail'] as const;

const UNSTORABLE = 'Remove the control character in this field: it cannot be stored.';

function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof AppException) || error.code !== ErrorCode.BadRequest || !error.details) return undefined;
  const errors: Record<string, string> = {};
  for (const [path, reasons] of Object.entries(error.details as Record<string, string[] | undefined>)) {
    // The portal's messages name the fields inside the request (`body.title`); the form names them alone.
    const field = path.replace(/^body\./, '');
    errors[field] = reasons?.some((reason) => reason.startsWith('must not contain')) ? UNSTORABLE : (FIELD_MESSAGES[field] ?? reasons?.[0] ?? 'Check this field.');
  }
  return errors;
}

/** Form fields PostgreSQL cannot store (NUL, lone surrogates) are refused as the JSON parser refuses them (input-hygiene). */
function refuseUnstorable(fields: Record<string, string | undefined>): void {
  const details = Object.fromEntries(
    Object.entries(fields).flatMap(([field, value]) => {
      const problem = value === undefined ? undefined : textProblem(value);
      return problem ? [[field, [problem]]] : [];
    }),
  );
  if (Object.keys(details).length) throw new BadRequestError('A form field holds a character that cannot be stored', details);
}

/**
 * The portal as web pages at /portal/{slug}: server-rendered HTML that works without script, over
 * the same messages, rules and rate limit as the JSON portal. No database here: the organization
 * comes from the identity context's slug lookup, the rest from delivery-intake's portal messages.
 */
@Controller('portal')
@ApiTags('portal pages')
@UseFilters(PortalPageFilter)
export class PortalPagesController {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(OrganizationSettingsService) private readonly organizations: OrganizationSettingsService,
  ) {}

  @Get('assets/:file')
  @ApiOkResponse({ description: 'The pages’ stylesheets and script, named by their content: cached for a year', content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'No such asset', content: AS_HTML })
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    const asset = portalAsset(file);
    if (!asset) throw new NotFoundError('Asset', file);
    void reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
  }

  @Get(':slug')
  @PageRoute(PAGE, 304, 400)
  async list(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    const state = listStateOf(query);
    const cursor = cursorOf(query);
    const page = await this.bus.request(PortalSubjects.list, { organizationId, limit: PAGE_SIZE, cursor, ...state });
    const next = page.nextCursor ? listHref(slug, state, page.nextCursor) : undefined;
    sendCacheable(request, pageHeaders(reply), HTML, listPage(brand, state, page.items, next, !cursor));
  }

  @Get(':slug/intake/:id')
  @PageRoute(PAGE)
  async submission(@Param('slug') slug: string, @Param('id') id: string, @Query('voted') voted: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    const item = await this.bus.request(PortalSubjects.get, { organizationId, id });
    const notice = voted === '1' ? 'Thank you: your vote is counted.' : undefined;
    this.html(reply, 200, submissionPage(brand, item, { csrf: csrfToken(request, reply) }, { notice }));
  }

  @Post(':slug/intake/:id/votes')
  @PageRoute({ status: 303, description: 'Vote counted: on to the submission page (a filled honeypot too, counting nothing)' }, 400, 403, 409)
  async vote(@Param('slug') slug: string, @Param('id') id: string, @Body() form: FormFields | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    this.checkForm(request, form);
    const item = await this.bus.request(PortalSubjects.get, { organizationId, id });
    const target = `${portalPath(slug)}/intake/${item.key}`;
    if (form?.website) return this.seeOther(reply, target);
    const email = (form?.email ?? '').trim();
    try {
      refuseUnstorable({ email });
      await this.bus.request(PortalSubjects.vote, { organizationId, id: item.id, body: { email }, addressHash: voterAddressHash(organizationId, request.ip) });
    } catch (error) {
      const refused = error instanceof AppException && error.code === ErrorCode.Conflict ? error.message : fieldErrors(error)?.email;
      if (!refused) throw error;
      const status = error instanceof AppException ? error.status : 400;
      return this.html(reply, status, submissionPage(brand, item, { csrf: csrfToken(request, reply) }, { error: refused, email }));
    }
    this.seeOther(reply, `${target}?voted=1`);
  }

  @Get(':slug/new')
  @PageRoute(PAGE)
  async newSubmission(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [, brand] = await this.brand(slug);
    this.html(reply, 200, newPage(brand, { csrf: csrfToken(request, reply) }, { values: {}, errors: {} }));
  }

  @Post(':slug/new')
  @PageRoute({ status: 303, description: 'Submitted: on to the new submission’s page (a filled honeypot: on to the list, storing nothing)' }, 400, 403)
  async submit(@Param('slug') slug: string, @Body() form: FormFields | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    this.checkForm(request, form);
    // A filled honeypot is a bot: it is shown the list as if it had worked, and nothing is stored.
    if (form?.website) return this.seeOther(reply, portalPath(slug));
    const values: SubmissionForm['values'] = Object.fromEntries(SUBMISSION_FIELDS.map((field) => [field, form?.[field] ?? '']));
    const body = {
      kind: values.kind,
      title: values.title?.trim(),
      ...(values.description?.trim() ? { description: values.description } : {}),
      submitterName: values.submitterName?.trim(),
      submitterEmail: values.submitterEmail?.trim(),
    };
    try {
      refuseUnstorable(values);
      const created = await this.bus.request(PortalSubjects.submit, { organizationId, body: body as never });
      this.seeOther(reply, `${portalPath(slug)}/intake/${created.key}`);
    } catch (error) {
      const errors = fieldErrors(error);
      if (!errors) throw error;
      this.html(reply, 400, newPage(brand, { csrf: csrfToken(request, reply) }, { values, errors }));
    }
  }

  @Get(':slug/changelog')
  @PageRoute(PAGE, 304, 400)
  async changelog(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    const page = await this.bus.request(PortalSubjects.changelogList, { organizationId, limit: PAGE_SIZE, cursor: cursorOf(query) });
    const next = page.nextCursor ? `${portalPath(slug)}/changelog?cursor=${encodeURIComponent(page.nextCursor)}` : undefined;
    sendCacheable(request, pageHeaders(reply), HTML, changelogListPage(brand, page.items, next));
  }

  @Get(':slug/changelog.atom')
  @PageRoute({ status: 200, description: 'The published changelog as an Atom feed', content: { 'application/atom+xml': { schema: { type: 'string' } } } }, 304)
  async feed(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    const page = await this.bus.request(PortalSubjects.changelogList, { organizationId, limit: PAGE_SIZE });
    sendCacheable(request, pageHeaders(reply), 'application/atom+xml; charset=utf-8', changelogFeed(brand, `${request.protocol}://${request.host}`, page.items));
  }

  @Get(':slug/changelog/:id')
  @PageRoute(PAGE)
  async changelogEntry(@Param('slug') slug: string, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const [organizationId, brand] = await this.brand(slug);
    const entry = await this.bus.request(PortalSubjects.changelogGet, { organizationId, id });
    this.html(pageHeaders(reply).header('cache-control', 'public, max-age=30'), 200, changelogEntryPage(brand, entry));
  }

  private async brand(slug: string): Promise<[string, PageBrand]> {
    const { organizationId, name, accentColor } = await this.organizations.portalBrand(slug);
    return [organizationId, { slug, name, accentColor }];
  }

  /** A form post must carry its page's anti-forgery token (403 otherwise). */
  private checkForm(request: FastifyRequest, form: FormFields | undefined): void {
    if (!csrfMatches(request, form?._csrf)) throw new ForbiddenError('The form was sent without its anti-forgery token');
  }

  private html(reply: FastifyReply, status: number, body: string): void {
    void pageHeaders(reply).status(status).type(HTML).send(body);
  }

  /** After a post, the browser fetches the result with GET (303): reloading does not post again. */
  private seeOther(reply: FastifyReply, location: string): void {
    void pageHeaders(reply).status(303).header('location', location).header('cache-control', 'no-store').send();
  }
}
