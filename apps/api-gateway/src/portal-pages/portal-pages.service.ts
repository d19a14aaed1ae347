import { Inject, Injectable } from '@nestjs/common';
import { AppException, ErrorCode, Page, PortalSubjects, PublicIntakeResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { voterAddressHash } from '../routes/portal-voter';
import type { PageAnswer } from './portal-answer';
import { changelogFeed } from './portal-feed';
import { FormFields, fieldErrors, refuseUnstorable, submissionBody, submissionValues } from './portal-form';
import { PageBrand, portalPath } from './portal-layout';
import { cursorOf, listStateOf } from './portal-query';
import { RenderCache, RenderedPage, renderKey } from './render-cache';
import { changelogEntryPage, changelogListPage, listHref, listPage, newPage, submissionPage } from './portal-views';

const PAGE_SIZE = 20;

const publicPage = ({ body, etag }: RenderedPage): PageAnswer => ({ page: body, etag, cache: 'public' });

/**
 * The portal's pages: each reads through the portal's messages (delivery-intake) and the slug
 * lookup (identity), and renders. `csrf` is the visitor's anti-forgery token for pages with a form.
 */
@Injectable()
export class PortalPagesService {
  private readonly rendered = new RenderCache();

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(OrganizationSettingsService) private readonly organizations: OrganizationSettingsService,
  ) {}

  async list(slug: string, query: Record<string, unknown>): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const state = listStateOf(query);
    const cursor = cursorOf(query);
    // The page as the JSON text it arrives in: a page rendered from the same text is reused without parsing it.
    const json = await this.bus.requestJson(PortalSubjects.list, { organizationId, limit: PAGE_SIZE, cursor, ...state });
    return publicPage(
      this.rendered.render(renderKey(['list', brand, state, !cursor], json), () => {
        const page = JSON.parse(json) as Page<PublicIntakeResponse>;
        const next = page.nextCursor ? listHref(slug, state, page.nextCursor) : undefined;
        return listPage(brand, state, page.items, next, !cursor);
      }),
    );
  }

  async submission(slug: string, id: string, voted: boolean, csrf: string): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const item = await this.bus.request(PortalSubjects.get, { organizationId, id });
    return { page: submissionPage(brand, item, { csrf }, { notice: voted ? 'Thank you: your vote is counted.' : undefined }), cache: 'private' };
  }

  /** A vote under the portal's vote rules; a refused one shows the page again with why. A filled honeypot counts nothing. */
  async vote(slug: string, id: string, form: FormFields | undefined, clientIp: string, csrf: string): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const item = await this.bus.request(PortalSubjects.get, { organizationId, id });
    const target = `${portalPath(slug)}/intake/${item.key}`;
    if (form?.website) return { seeOther: target };
    const email = (form?.email ?? '').trim();
    try {
      refuseUnstorable({ email });
      await this.bus.request(PortalSubjects.vote, { organizationId, id: item.id, body: { email }, addressHash: voterAddressHash(organizationId, clientIp) });
    } catch (error) {
      const refused = error instanceof AppException && error.code === ErrorCode.Conflict ? error.message : fieldErrors(error)?.email;
      if (!refused || !(error instanceof AppException)) throw error;
      return { page: submissionPage(brand, item, { csrf }, { error: refused, email }), status: error.status, cache: 'private' };
    }
    return { seeOther: `${target}?voted=1` };
  }

  async newForm(slug: string, csrf: string): Promise<PageAnswer> {
    const [, brand] = await this.brand(slug);
    return { page: newPage(brand, { csrf }, { values: {}, errors: {} }), cache: 'private' };
  }

  /** A submission from the form: on to its page, or the form again with the text kept and why. A filled honeypot stores nothing. */
  async submit(slug: string, form: FormFields | undefined, csrf: string): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    if (form?.website) return { seeOther: portalPath(slug) };
    const values = submissionValues(form);
    try {
      refuseUnstorable(values);
      const created = await this.bus.request(PortalSubjects.submit, { organizationId, body: submissionBody(values) });
      return { seeOther: `${portalPath(slug)}/intake/${created.key}` };
    } catch (error) {
      const errors = fieldErrors(error);
      if (!errors) throw error;
      return { page: newPage(brand, { csrf }, { values, errors }), status: 400, cache: 'private' };
    }
  }

  async changelog(slug: string, query: Record<string, unknown>): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const page = await this.bus.request(PortalSubjects.changelogList, { organizationId, limit: PAGE_SIZE, cursor: cursorOf(query) });
    const next = page.nextCursor ? `${portalPath(slug)}/changelog?cursor=${encodeURIComponent(page.nextCursor)}` : undefined;
    return publicPage(this.rendered.render(renderKey(['changelog', brand, page]), () => changelogListPage(brand, page.items, next)));
  }

  async changelogEntry(slug: string, id: string): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const entry = await this.bus.request(PortalSubjects.changelogGet, { organizationId, id });
    return publicPage(this.rendered.render(renderKey(['entry', brand, entry]), () => changelogEntryPage(brand, entry)));
  }

  /** The newest published entries as Atom; `origin` is the scheme and host the request came to. */
  async feed(slug: string, origin: string): Promise<PageAnswer> {
    const [organizationId, brand] = await this.brand(slug);
    const page = await this.bus.request(PortalSubjects.changelogList, { organizationId, limit: PAGE_SIZE });
    return { feed: changelogFeed(brand, origin, page.items) };
  }

  private async brand(slug: string): Promise<[string, PageBrand]> {
    const { organizationId, name, accentColor } = await this.organizations.portalBrand(slug);
    return [organizationId, { slug, name, accentColor }];
  }
}
