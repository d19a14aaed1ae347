import { parseFeed } from '@rowanmanning/feed-parser';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestOrganization } from './support/client';
import { launchBrowser, seriousViolations } from './support/browser';
import { openPortal, portal, publicClient, publishChangelog, submission } from './support/portal';
import { pagePath } from './support/portal-pages';
import { e2eDir, stackInfo } from './support/stack-info';

/**
 * The portal in a real browser (Debian's chromium through playwright-core), as a stakeholder uses
 * it: with and without script, by keyboard, checked by axe-core, at phone and desktop widths.
 * `PORTAL_SCREENSHOTS=docs` writes the screenshots of docs/portal.md instead of .e2e/.
 */
const SCREENSHOTS = process.env.PORTAL_SCREENSHOTS === 'docs' ? path.resolve(__dirname, '../../docs/portal') : path.join(e2eDir, 'screenshots', stackInfo().mode);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
let org: TestOrganization;
let base: string;
let entryId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  org = await openPortal();
  expect((await org.api.patch('/api/v1/organization', { name: 'Acme Analytics', portalAccentColor: '#0b6e4f' })).status).toBe(200);
  base = `${stackInfo().apiUrl}${pagePath(org.organization.slug)}`;
  for (const [title, kind, description] of [
    ['Export reports to CSV', 'IMPROVEMENT', 'We send the weekly numbers to finance. A CSV export would save an hour each week.\nSee https://example.com/finance-template'],
    ['Dashboard times out for large teams', 'BUG', 'With more than 200 members the dashboard spins and then shows an error.'],
    ['Dark mode', 'IMPROVEMENT', 'Easier on the eyes in the evening.'],
  ]) {
    expect((await publicClient().post(portal(org.organization.slug), submission({ title, kind, description }))).status).toBe(200);
  }
  ({ id: entryId } = await publishChangelog(org, 'March release: CSV export', 'You asked, we shipped: every report now exports to CSV.\n\nDetails: https://example.com/march'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function withContext<T>(options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number }; bypassCSP?: boolean }, use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  try {
    const page = await context.newPage();
    return await use(page, context);
  } finally {
    await context.close();
  }
}

/** Content-Security-Policy complaints the page made: none may appear (no inline script or style). */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

async function submitIdea(page: Page, title: string): Promise<void> {
  await page.goto(`${base}/new`);
  await page.getByLabel('Bug').check();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description (optional)').fill('Steps: open the report, press export.\nhttps://example.com/steps');
  await page.getByLabel('Your name').fill('Robin Stakeholder');
  await page.getByLabel('Your e-mail address').fill('robin@example.com');
  await page.getByRole('button', { name: 'Submit idea' }).click();
  await page.waitForURL(/\/intake\/INT-\d+$/);
}

async function voteAndSeeCount(page: Page, email: string): Promise<void> {
  const before = Number(await page.locator('#vote-count').textContent());
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Vote for this idea' }).click();
  await page.waitForURL(/\?voted=1$/);
  expect(await page.getByRole('status').textContent()).toContain('your vote is counted');
  expect(Number(await page.locator('#vote-count').textContent())).toBe(before + 1);
}

describe('portal in a real browser', () => {
  it('without script: submits an idea, sees it listed, votes and sees the count change', async () => {
    await withContext({ javaScriptEnabled: false }, async (page) => {
      const csp = cspReports(page);
      await submitIdea(page, 'Filter the list by team (no script)');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Filter the list by team (no script)');
      expect(await page.getByRole('link', { name: 'https://example.com/steps' }).getAttribute('href')).toBe('https://example.com/steps');
      const submissionUrl = page.url();
      await page.goto(base);
      await expect(page.getByRole('link', { name: 'Filter the list by team (no script)' }).count()).resolves.toBe(1);
      await page.goto(submissionUrl);
      await voteAndSeeCount(page, 'first.voter@example.com');
      expect(csp).toEqual([]);
    });
  });

  it('with script: the same, and the enhancement runs (characters left); the form keeps text on errors', async () => {
    await withContext({}, async (page) => {
      const csp = cspReports(page);
      await page.goto(`${base}/new`);
      await page.getByLabel('Title').fill('ab');
      await page.getByLabel('Description (optional)').fill('Short');
      await expect(page.locator('#description-count').textContent()).resolves.toBe('9995 characters left');
      await page.getByLabel('Your name').fill('Robin');
      await page.getByLabel('Your e-mail address').fill('robin@example.com');
      await page.getByRole('button', { name: 'Submit idea' }).click();
      await page.waitForLoadState();
      expect(await page.getByRole('alert').textContent()).toContain('Give a title of 3 to 200 characters.');
      expect(await page.getByLabel('Description (optional)').inputValue()).toBe('Short');
      expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');

      await submitIdea(page, 'Filter the list by team (with script)');
      const submissionUrl = page.url();
      await page.goto(`${base}?sort=newest`);
      await expect(page.getByRole('link', { name: 'Filter the list by team (with script)' }).count()).resolves.toBe(1);
      await page.goto(submissionUrl);
      await voteAndSeeCount(page, 'second.voter@example.com');
      expect(csp).toEqual([]);
    });
  });

  it('works by keyboard alone: skip link first, then the form in order, Enter submits', async () => {
    await withContext({ javaScriptEnabled: false }, async (page) => {
      await page.goto(`${base}/new`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent)).toBe('Skip to content');
      const focused = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id);
      // Tab reaches the radio group at its checked option; the arrow keys choose within it.
      for (let i = 0; i < 20 && !(await focused()).startsWith('kind-'); i += 1) await page.keyboard.press('Tab');
      expect(await focused()).toBe('kind-IMPROVEMENT');
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toBe('kind-BUG');
      const order: string[] = [];
      for (const [id, text] of [['title', 'Keyboard-only idea'], ['description', 'Typed without a mouse.'], ['submitterName', 'Kim Keys'], ['submitterEmail', 'kim@example.com']]) {
        await page.keyboard.press('Tab');
        order.push(await focused());
        await page.keyboard.type(text);
        expect(id).toBe(order[order.length - 1]);
      }
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/intake\/INT-\d+$/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Keyboard-only idea');
      expect(await page.locator('.meta .tag').textContent()).toBe('Bug');
    });
  });

  it('opens a published changelog entry and the Atom feed', async () => {
    await withContext({}, async (page) => {
      await page.goto(base);
      await page.getByRole('link', { name: 'Changelog', exact: true }).click();
      await page.getByRole('link', { name: 'March release: CSV export' }).click();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('March release: CSV export');
      expect(await page.getByRole('link', { name: 'https://example.com/march' }).count()).toBe(1);
      const feed = await page.request.get(`${base}/changelog.atom`);
      expect(feed.status()).toBe(200);
      const parsed = parseFeed(await feed.text());
      expect(parsed.title).toBe('Acme Analytics: changelog');
      expect(parsed.items.map((item) => item.title)).toEqual(['March release: CSV export']);
      expect(parsed.items[0].url).toBe(`${base}/changelog/${entryId}`);
    });
  });

  it('has no serious or critical axe-core violations on any page, at phone and desktop widths', async () => {
    const paths = ['', '?kind=BUG&sort=votes', '/intake/INT-1', '/new', '/changelog', `/changelog/${entryId}`, '/intake/INT-999'];
    for (const viewport of [PHONE, DESKTOP]) {
      await withContext({ viewport, bypassCSP: true }, async (page) => {
        for (const suffix of paths) {
          await page.goto(`${base}${suffix}`);
          expect({ page: suffix, viewport: viewport.width, violations: await seriousViolations(page) }).toEqual({ page: suffix, viewport: viewport.width, violations: [] });
        }
        // The submission form with its errors shown.
        await page.goto(`${base}/new`);
        await page.getByRole('button', { name: 'Submit idea' }).click();
        await page.waitForLoadState();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });

  it('reads well at 375 px and on a desktop: no sideways scrolling; screenshots of both', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await withContext({ viewport }, async (page) => {
        for (const [shot, suffix] of [['list', '?sort=votes'], ['submission', '/intake/INT-1'], ['new', '/new']]) {
          await page.goto(`${base}${suffix}`);
          const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
          expect({ shot, name, width }).toEqual({ shot, name, width: viewport.width });
          await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-${name}.png`), fullPage: true });
        }
      });
    }
  });
});
