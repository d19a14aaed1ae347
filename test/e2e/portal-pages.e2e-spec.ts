import { parseFeed } from '@rowanmanning/feed-parser';
import { createOrganization } from './support/client';
import { openPortal, portal, publicClient, publishChangelog, submission } from './support/portal';
import { PageVisitor, pagePath } from './support/portal-pages';
import { stackInfo } from './support/stack-info';

const HOSTILE = ['<script>alert(1)</script>', '"><svg onload=alert(1)>', 'javascript:alert(1)', '<a href="javascript:alert(1)">x</a>', "'><img src=x onerror=alert(1)>"];

/** Every tag of a page: text is escaped, so each `<` that opens a tag is the page's own markup. */
function tagsOf(html: string): string[] {
  return html.match(/<[a-zA-Z][^>]*>/g) ?? [];
}

function expectInert(html: string): void {
  // Attribute values hold text (escaped); what matters is which attributes and elements there are.
  const tags = tagsOf(html).map((tag) => tag.replace(/="[^"]*"/g, (value) => (/^="\s*javascript:/i.test(value) ? value : '=""')));
  expect(tags.filter((tag) => /^<(svg|img|iframe|object|embed)\b/i.test(tag))).toEqual([]);
  expect(tags.filter((tag) => /\son[a-z]+\s*=/i.test(tag))).toEqual([]);
  expect(tags.filter((tag) => /\shref\s*=\s*["']?\s*javascript:/i.test(tag))).toEqual([]);
  // The page's one script is its own, from /portal/assets/.
  expect(tagsOf(html).filter((tag) => /^<script\b/i.test(tag))).toEqual([expect.stringMatching(/^<script src="\/portal\/assets\/portal\.[0-9a-f]{12}\.js" defer="">/)]);
  expect(html).not.toContain('\u0000');
}

describe('portal pages', () => {
  it('lists, filters and pages without script; list pages carry an ETag and short public caching', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    for (let i = 1; i <= 22; i += 1) await publicClient().post(portal(slug), submission({ title: `Idea number ${i}`, kind: i === 7 ? 'BUG' : 'IMPROVEMENT' }));
    const visitor = new PageVisitor();
    const first = await visitor.get(pagePath(slug));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.text).toContain('Idea number 22');
    expect(first.text).not.toContain('Idea number 2<');
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await visitor.get(pagePath(slug), { 'if-none-match': etag })).status).toBe(304);
    expect(first.headers.get('set-cookie')).toBeNull();

    const next = /<a href="([^"]+)" rel="next">/.exec(first.text)?.[1].replace(/&amp;/g, '&') as string;
    expect(next).toMatch(/^\/portal\/[^?]+\?cursor=/);
    const second = await visitor.get(next);
    expect(second.text).toContain('Idea number 1<');
    expect(second.text).toContain('First page');

    const bugs = await visitor.get(`${pagePath(slug)}?kind=BUG&stage=&sort=votes&q=`);
    expect(bugs.status).toBe(200);
    expect(bugs.text).toContain('Idea number 7');
    expect(bugs.text).not.toContain('Idea number 8');
    const searched = await visitor.get(`${pagePath(slug)}?q=number+21`);
    expect(searched.text).toContain('Idea number 21');
    expect(searched.text).not.toContain('Idea number 22');
  });

  it('sends a strict CSP, nosniff and a Referrer-Policy; assets are hashed and cached for a year', async () => {
    const org = await openPortal();
    const page = await new PageVisitor().get(pagePath(org.organization.slug));
    const csp = page.headers.get('content-security-policy') as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.text).not.toMatch(/<style|\sstyle=/i);
    const stylesheet = /<link rel="stylesheet" href="(\/portal\/assets\/portal\.[0-9a-f]{12}\.css)"/.exec(page.text)?.[1] as string;
    const css = await fetch(`${stackInfo().apiUrl}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await new PageVisitor().get('/portal/assets/portal.000000000000.css')).status).toBe(404);
  });

  it('submits through the form: 303 to the new page; field errors keep the text; no _csrf is 403; the honeypot stores nothing', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    const visitor = new PageVisitor();
    const form = await visitor.get(`${pagePath(slug)}/new`);
    expect(form.status).toBe(200);
    expect(form.headers.get('set-cookie')).toMatch(/^portal_csrf=[A-Za-z0-9_-]{43}; Path=\/portal; SameSite=Lax; HttpOnly/);
    expect(form.headers.get('cache-control')).toBe('no-store');
    const csrf = PageVisitor.csrfOf(form.text);
    const fields = { _csrf: csrf, kind: 'BUG', title: 'Export breaks', description: 'Line one\nhttps://example.com/x', submitterName: 'Pat', submitterEmail: 'pat@example.com', website: '' };

    expect((await visitor.post(`${pagePath(slug)}/new`, { ...fields, _csrf: '' })).status).toBe(403);
    expect((await new PageVisitor().post(`${pagePath(slug)}/new`, fields)).status).toBe(403);

    const refused = await visitor.post(`${pagePath(slug)}/new`, { ...fields, title: 'ab', submitterEmail: 'not-an-address' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Give a title of 3 to 200 characters.');
    expect(refused.text).toContain('Give an e-mail address like name@example.com.');
    expect(refused.text).toContain('value="not-an-address"');
    expect(refused.text).toContain('Line one\nhttps://example.com/x</textarea>');
    expect(refused.text).toMatch(/id="title"[^>]*aria-invalid="true"/);

    expect((await visitor.post(`${pagePath(slug)}/new`, { ...fields, website: 'http://spam.example' })).status).toBe(303);
    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);

    const created = await visitor.post(`${pagePath(slug)}/new`, fields);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe(`${pagePath(slug)}/intake/INT-1`);
    const shown = await visitor.get(created.headers.get('location') as string);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<a href="https://example.com/x" rel="nofollow ugc noopener noreferrer">https://example.com/x</a>');
    expect(shown.text).not.toContain('pat@example.com');
    expect((await org.api.get('/api/v1/intake/INT-1')).body).toMatchObject({ viaPortal: true, submitterEmail: 'pat@example.com', title: 'Export breaks' });
  });

  it('answers a form over the body limit, or not a form, with a page: 413 and 415, nothing stored', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    const visitor = new PageVisitor();
    const csrf = PageVisitor.csrfOf((await visitor.get(`${pagePath(slug)}/new`)).text);
    const fields = { _csrf: csrf, kind: 'IDEA', title: 'Far too long', submitterName: 'Pat', submitterEmail: 'pat@example.com', website: '' };

    const tooLong = await visitor.post(`${pagePath(slug)}/new`, { ...fields, description: 'x'.repeat(300 * 1024) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(tooLong.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(tooLong.text).toContain('<h1>Your text is too long</h1>');

    const notAForm = await fetch(`${stackInfo().apiUrl}${pagePath(slug)}/new`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<title>x</title>' });
    expect(notAForm.status).toBe(415);
    expect(notAForm.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await notAForm.text()).toContain('<h1>This form could not be read</h1>');

    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);
  });

  it('votes through the form under the portal vote rules', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    await publicClient().post(portal(slug), submission());
    const visitor = new PageVisitor();
    const page = await visitor.get(`${pagePath(slug)}/intake/INT-1`);
    expect(page.text).toContain('<span id="vote-count">0</span>');
    const csrf = PageVisitor.csrfOf(page.text);
    const voted = await visitor.post(`${pagePath(slug)}/intake/INT-1/votes`, { _csrf: csrf, email: 'fan@example.com' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(voted.status).toBe(303);
    expect(voted.headers.get('location')).toBe(`${pagePath(slug)}/intake/INT-1?voted=1`);
    expect((await visitor.get(voted.headers.get('location') as string)).text).toContain('<span id="vote-count">1</span>');
    const again = await visitor.post(`${pagePath(slug)}/intake/INT-1/votes`, { _csrf: csrf, email: 'FAN+x@example.com' }, { 'x-forwarded-for': '203.0.113.10' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This e-mail address has voted for the submission already');
    expect((await visitor.post(`${pagePath(slug)}/intake/INT-1/votes`, { email: 'new@example.com' })).status).toBe(403);
    expect((await org.api.get('/api/v1/intake/INT-1')).body.votes).toBe(1);
  });

  it('answers one 404 page for a disabled portal, an unknown slug, a HIDDEN submission and a draft', async () => {
    const closed = await createOrganization();
    const open = await openPortal();
    const hidden = (await publicClient().post(portal(open.organization.slug), submission())).body;
    await open.api.patch(`/api/v1/intake/${hidden.id}`, { moderationState: 'HIDDEN' });
    const draft = (await open.api.post('/api/v1/changelog', { title: 'Draft', body: 'Not yet' })).body;
    const visitor = new PageVisitor();
    const pages = await Promise.all([
      visitor.get(pagePath(closed.organization.slug)),
      visitor.get(`${pagePath(closed.organization.slug)}/new`),
      visitor.get(pagePath('no-such-portal-anywhere')),
      visitor.get(`${pagePath(open.organization.slug)}/intake/${hidden.key}`),
      visitor.get(`${pagePath(open.organization.slug)}/changelog/${draft.id}`),
    ]);
    for (const page of pages) {
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(new Set(pages.map((page) => page.text)).size).toBe(1);
    expect(pages[0].text).toContain('<h1>Page not found</h1>');
  });

  it('renders hostile text inert: markup, event handlers, javascript: links and NUL never become markup', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    expect((await org.api.patch('/api/v1/organization', { name: '<script>alert("org")</script>' })).status).toBe(200);
    for (const hostile of HOSTILE) {
      const created = await publicClient().post(portal(slug), submission({ title: `T ${hostile}`, description: `D ${hostile}\nhttps://ok.example.com/"onmouseover=alert(1)` }));
      expect(created.status).toBe(200);
    }
    await publishChangelog(org, `C ${HOSTILE[1]}`, `${HOSTILE.join('\n')}`);
    const visitor = new PageVisitor();
    const list = await visitor.get(pagePath(slug));
    expectInert(list.text);
    expect(list.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (let key = 1; key <= HOSTILE.length; key += 1) expectInert((await visitor.get(`${pagePath(slug)}/intake/INT-${key}`)).text);
    const changelog = await visitor.get(`${pagePath(slug)}/changelog`);
    expectInert(changelog.text);
    const entryPath = /href="(\/portal\/[^"]+\/changelog\/[0-9a-f-]{36})"/.exec(changelog.text)?.[1] as string;
    expectInert((await visitor.get(entryPath)).text);

    // NUL cannot be stored; the refused form shows the entered text back without it.
    const form = await visitor.get(`${pagePath(slug)}/new`);
    const refused = await visitor.post(`${pagePath(slug)}/new`, { _csrf: PageVisitor.csrfOf(form.text), kind: 'BUG', title: `NUL \u0000 ${HOSTILE[1]}`, submitterName: 'P', submitterEmail: 'p@example.com' });
    expect(refused.status).toBe(400);
    expectInert(refused.text);
    expect(refused.text).toContain('NUL \uFFFD &quot;&gt;&lt;svg onload=alert(1)&gt;');
  });

  it('publishes the changelog as pages and a valid Atom feed', async () => {
    const org = await openPortal();
    const slug = org.organization.slug;
    const first = await publishChangelog(org, 'Release 1', 'Export to CSV.\nDetails: https://example.com/r1');
    const second = await publishChangelog(org, 'Release 2 <beta>', 'Dark mode & more.');
    const visitor = new PageVisitor();
    const list = await visitor.get(`${pagePath(slug)}/changelog`);
    expect(list.status).toBe(200);
    expect(list.text.indexOf('Release 2 &lt;beta&gt;')).toBeLessThan(list.text.indexOf('Release 1'));
    const entry = await visitor.get(`${pagePath(slug)}/changelog/${first.id}`);
    expect(entry.text).toContain('<a href="https://example.com/r1" rel="nofollow ugc noopener noreferrer">');

    const feed = await visitor.get(`${pagePath(slug)}/changelog.atom`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(feed.headers.get('etag')).toBeTruthy();
    expect(feed.headers.get('cache-control')).toBe('public, max-age=30');
    const parsed = parseFeed(feed.text);
    expect(parsed.meta.type).toBe('atom');
    expect(parsed.items.map((item) => item.title)).toEqual(['Release 2 <beta>', 'Release 1']);
    expect(parsed.items[0].id).toBe(`urn:uuid:${second.id}`);
    expect(parsed.items[1].url).toMatch(new RegExp(`/portal/${slug}/changelog/${first.id}$`));
    expect(parsed.items[1].content).toBe('Export to CSV.\nDetails: https://example.com/r1');
  });

  it('brands the pages with the organization name and a validated accent colour', async () => {
    const org = await openPortal();
    const visitor = new PageVisitor();
    const defaultAccent = /href="(\/portal\/assets\/accent-[0-9a-f]{6}\.css)"/.exec((await visitor.get(pagePath(org.organization.slug))).text)?.[1];
    expect(defaultAccent).toBe('/portal/assets/accent-1f5fbf.css');
    for (const bad of ['red', '#fff', '#ggcc00', 'url(x)', '#ffcc00;}body{', 7]) {
      const refused = await org.api.patch('/api/v1/organization', { portalAccentColor: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toHaveProperty('portalAccentColor');
    }
    const patched = await org.api.patch('/api/v1/organization', { portalAccentColor: '#FFCC00', name: 'Acme Widgets' });
    expect(patched.body).toMatchObject({ portalAccentColor: '#ffcc00' });
    const page = await visitor.get(pagePath(org.organization.slug));
    expect(page.text).toContain('<a class="brand" href="/portal/');
    expect(page.text).toContain('Acme Widgets</a>');
    expect(page.text).toContain('href="/portal/assets/accent-ffcc00.css"');
    const css = await fetch(`${stackInfo().apiUrl}/portal/assets/accent-ffcc00.css`);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A pale accent gets dark text on it, and links darkened to readable contrast.
    expect(await css.text()).toMatch(/--on-accent: #1b1d21[\s\S]*--accent: #(?!ffcc00)[0-9a-f]{6}/);
    expect((await org.api.patch('/api/v1/organization', { portalAccentColor: null })).body.portalAccentColor).toBeNull();
  });
});
