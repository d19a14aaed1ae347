import { IntakeKind, IntakeStage, MAX_PORTAL_DESCRIPTION, PortalSort, PublicChangelogEntryResponse, PublicIntakeResponse } from '@pds/contracts';
import { ReactElement, ReactNode, createElement as h } from 'react';
import { PageBrand, portalPath, renderPage } from './portal-layout';
import { PlainText, clean } from './portal-text';

export const KIND_LABELS: Readonly<Record<IntakeKind, string>> = { BUG: 'Bug', IMPROVEMENT: 'Improvement' };
export const STAGE_LABELS: Readonly<Record<IntakeStage, string>> = { SUBMITTED: 'Submitted', IN_PREPARATION: 'In preparation', IN_PROGRESS: 'In progress', DONE: 'Done' };
const SORT_LABELS: Readonly<Record<PortalSort, string>> = { newest: 'Newest', votes: 'Most votes' };

/** The list's state as its query string carries it (links and the filter form keep it). */
export interface ListState {
  sort: PortalSort;
  kind?: IntakeKind;
  stage?: IntakeStage;
  q?: string;
}

/** The hidden fields every form posts: the anti-forgery token and the honeypot people never see. */
export interface FormGuard {
  csrf: string;
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DateOf = ({ iso }: { iso: string }) => h('time', { dateTime: iso }, dateText(iso));

export function listHref(slug: string, state: ListState, cursor?: string): string {
  const query = new URLSearchParams();
  if (state.sort !== PortalSort.newest) query.set('sort', state.sort);
  if (state.kind) query.set('kind', state.kind);
  if (state.stage) query.set('stage', state.stage);
  if (state.q) query.set('q', state.q);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${portalPath(slug)}?${text}` : portalPath(slug);
}

function GuardFields({ guard }: { guard: FormGuard }): ReactElement {
  return h(
    'div',
    null,
    h('input', { type: 'hidden', name: '_csrf', defaultValue: guard.csrf }),
    // The honeypot: hidden from people (off-screen, out of the tab order and the accessibility tree), filled by bots.
    h('div', { className: 'trap', 'aria-hidden': 'true' }, h('label', { htmlFor: 'website' }, 'Leave this empty'), h('input', { type: 'text', id: 'website', name: 'website', tabIndex: -1, autoComplete: 'off' })),
  );
}

function Select({ id, label, value, options }: { id: string; label: string; value?: string; options: [string, string][] }): ReactElement {
  return h(
    'div',
    null,
    h('label', { htmlFor: id }, label),
    h('select', { id, name: id, defaultValue: value ?? '' }, options.map(([optionValue, text]) => h('option', { key: optionValue, value: optionValue }, text))),
  );
}

function Filters({ slug, state }: { slug: string; state: ListState }): ReactElement {
  return h(
    'form',
    { className: 'card filters', method: 'get', action: portalPath(slug), role: 'search', 'aria-label': 'Find ideas' },
    h('div', null, h('label', { htmlFor: 'q' }, 'Search'), h('input', { type: 'search', id: 'q', name: 'q', defaultValue: state.q ?? '', maxLength: 200 })),
    h(Select, { id: 'sort', label: 'Sort by', value: state.sort, options: Object.entries(SORT_LABELS) }),
    h(Select, { id: 'kind', label: 'Kind', value: state.kind, options: [['', 'All kinds'], ...Object.entries(KIND_LABELS)] }),
    h(Select, { id: 'stage', label: 'Stage', value: state.stage, options: [['', 'All stages'], ...Object.entries(STAGE_LABELS)] }),
    h('div', null, h('button', { type: 'submit' }, 'Show')),
  );
}

function Meta({ item }: { item: PublicIntakeResponse }): ReactElement {
  return h(
    'p',
    { className: 'meta' },
    h('span', { className: 'tag' }, KIND_LABELS[item.kind]),
    h('span', null, 'Stage: ', STAGE_LABELS[item.stage]),
    h('span', null, item.key),
    h('span', null, 'Submitted ', h(DateOf, { iso: item.createdAt })),
  );
}

function VoteCount({ votes }: { votes: number }): ReactElement {
  return h('div', { className: 'votes' }, h('strong', null, String(votes)), votes === 1 ? 'vote' : 'votes');
}

export function listPage(brand: PageBrand, state: ListState, items: PublicIntakeResponse[], next: string | undefined, isFirst: boolean): string {
  const entries = items.length
    ? h(
        'ol',
        { className: 'entries' },
        items.map((item) =>
          h(
            'li',
            { key: item.id, className: 'card entry' },
            h(VoteCount, { votes: item.votes }),
            h(
              'div',
              null,
              h('h2', null, h('a', { href: `${portalPath(brand.slug)}/intake/${item.key}` }, clean(item.title))),
              item.description ? h('p', { className: 'preview' }, clean(item.description)) : null,
              h(Meta, { item }),
            ),
          ),
        ),
      )
    : h('p', { className: 'empty' }, 'No ideas match yet.');
  const pager = h(
    'nav',
    { className: 'pager', 'aria-label': 'Pages' },
    isFirst ? h('span', null) : h('a', { href: listHref(brand.slug, state) }, 'First page'),
    next ? h('a', { href: next, rel: 'next' }, 'Next page') : null,
  );
  return renderPage(brand, 'Ideas', [
    h('h1', null, `Ideas for ${clean(brand.name)}`),
    h('p', null, h('a', { className: 'button', href: `${portalPath(brand.slug)}/new` }, 'Submit an idea')),
    h(Filters, { slug: brand.slug, state }),
    entries,
    pager,
  ], h('link', { rel: 'alternate', type: 'application/atom+xml', title: 'Changelog', href: `${portalPath(brand.slug)}/changelog.atom` }));
}

/** The vote form's state: a message after a vote (or why it was refused) and the address typed. */
export interface VoteState {
  notice?: string;
  error?: string;
  email?: string;
}

export function submissionPage(brand: PageBrand, item: PublicIntakeResponse, guard: FormGuard, vote: VoteState): string {
  const action = `${portalPath(brand.slug)}/intake/${item.key}/votes`;
  return renderPage(brand, item.title, [
    h('p', null, h('a', { href: portalPath(brand.slug) }, '← All ideas')),
    h(
      'article',
      { className: 'card' },
      h('h1', null, clean(item.title)),
      h(Meta, { item }),
      h('div', { className: 'description' }, item.description ? h(PlainText, { text: item.description }) : h('p', { className: 'empty' }, 'No description.')),
    ),
    h(
      'section',
      { className: 'card', 'aria-labelledby': 'vote-heading' },
      h('h2', { id: 'vote-heading' }, 'Votes: ', h('span', { id: 'vote-count' }, String(item.votes))),
      vote.notice ? h('p', { className: 'notice', role: 'status' }, vote.notice) : null,
      h(
        'form',
        { method: 'post', action, noValidate: true },
        h(GuardFields, { guard }),
        h(TextField, { id: 'email', label: 'Your e-mail address', type: 'email', value: vote.email, error: vote.error, hint: 'One vote per address. It is not shown.', autoComplete: 'email', required: true }),
        h('button', { type: 'submit', 'data-busy': 'Voting…' }, 'Vote for this idea'),
      ),
    ),
  ]);
}

function TextField(props: { id: string; label: string; type?: string; value?: string; error?: string; hint?: string; autoComplete?: string; maxLength?: number; multiline?: boolean; required?: boolean }): ReactElement {
  const { id, label, type = 'text', value, error, hint, autoComplete, maxLength, multiline, required } = props;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', multiline ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    name: id,
    autoComplete,
    maxLength,
    required,
    className: error ? 'invalid' : undefined,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': described,
  };
  return h(
    'div',
    { className: 'field' },
    h('label', { htmlFor: id }, label, required ? null : ' (optional)'),
    multiline ? h('textarea', { ...control, defaultValue: value ?? '' }) : h('input', { ...control, type, defaultValue: value ?? '' }),
    hint ? h('p', { className: 'hint', id: `${id}-hint` }, hint) : null,
    multiline ? h('p', { className: 'hint', id: `${id}-count`, 'aria-live': 'polite' }) : null,
    error ? h('p', { className: 'error', id: `${id}-error` }, error) : null,
  );
}

/** What the submission form shows again after a refused post: the text as entered, and per field why. */
export interface SubmissionForm {
  values: Partial<Record<'kind' | 'title' | 'description' | 'submitterName' | 'submitterEmail', string>>;
  errors: Partial<Record<string, string>>;
}

export function newPage(brand: PageBrand, guard: FormGuard, form: SubmissionForm): string {
  const { errors } = form;
  const values = Object.fromEntries(Object.entries(form.values).map(([field, value]) => [field, value === undefined ? value : clean(value)])) as SubmissionForm['values'];
  const count = Object.keys(errors).length;
  return renderPage(brand, 'Submit an idea', [
    h('h1', null, 'Submit an idea'),
    count
      ? h('div', { className: 'alert', role: 'alert' }, h('p', null, count === 1 ? 'One field needs a change:' : `${count} fields need a change:`), h('ul', null, Object.entries(errors).map(([field, message]) => h('li', { key: field }, h('a', { href: `#${field}` }, message)))))
      : null,
    h(
      'form',
      { className: 'card', method: 'post', action: `${portalPath(brand.slug)}/new`, noValidate: true },
      h(GuardFields, { guard }),
      h(
        'fieldset',
        { className: 'field' },
        h('legend', null, 'Kind'),
        Object.entries(KIND_LABELS).map(([value, text]) =>
          h('div', { key: value, className: 'choice' }, h('input', { type: 'radio', id: `kind-${value}`, name: 'kind', value, defaultChecked: (values.kind ?? 'IMPROVEMENT') === value }), h('label', { htmlFor: `kind-${value}` }, text)),
        ),
        errors.kind ? h('p', { className: 'error', id: 'kind-error' }, errors.kind) : null,
      ),
      h(TextField, { id: 'title', label: 'Title', value: values.title, error: errors.title, maxLength: 200, required: true, hint: '3 to 200 characters.' }),
      h(TextField, { id: 'description', label: 'Description', value: values.description, error: errors.description, maxLength: MAX_PORTAL_DESCRIPTION, multiline: true, hint: 'Plain text; links starting with http:// or https:// become clickable.' }),
      h(TextField, { id: 'submitterName', label: 'Your name', value: values.submitterName, error: errors.submitterName, maxLength: 200, required: true, autoComplete: 'name' }),
      h(TextField, { id: 'submitterEmail', label: 'Your e-mail address', type: 'email', value: values.submitterEmail, error: errors.submitterEmail, required: true, autoComplete: 'email', hint: 'Never shown on the portal.' }),
      h('button', { type: 'submit', 'data-busy': 'Sending…' }, 'Submit idea'),
    ),
  ]);
}

export function changelogListPage(brand: PageBrand, entries: PublicChangelogEntryResponse[], next: string | undefined): string {
  const base = portalPath(brand.slug);
  return renderPage(
    brand,
    'Changelog',
    [
      h('h1', null, 'Changelog'),
      h('p', null, h('a', { href: `${base}/changelog.atom` }, 'Subscribe (Atom feed)')),
      entries.length
        ? h('ol', { className: 'entries' }, entries.map((entry) => h('li', { key: entry.id, className: 'card' }, h('h2', null, h('a', { href: `${base}/changelog/${entry.id}` }, clean(entry.title))), h('p', { className: 'meta' }, 'Published ', h(DateOf, { iso: entry.publishedAt })))))
        : h('p', { className: 'empty' }, 'Nothing published yet.'),
      next ? h('nav', { className: 'pager', 'aria-label': 'Pages' }, h('span', null), h('a', { href: next, rel: 'next' }, 'Older entries')) : null,
    ],
    h('link', { rel: 'alternate', type: 'application/atom+xml', title: 'Changelog', href: `${base}/changelog.atom` }),
  );
}

export function changelogEntryPage(brand: PageBrand, entry: PublicChangelogEntryResponse): string {
  return renderPage(brand, entry.title, [
    h('p', null, h('a', { href: `${portalPath(brand.slug)}/changelog` }, '← Changelog')),
    h('article', { className: 'card' }, h('h1', null, clean(entry.title)), h('p', { className: 'meta' }, 'Published ', h(DateOf, { iso: entry.publishedAt })), h('div', { className: 'body' }, h(PlainText, { text: entry.body }))),
  ]);
}

/** One page for every error a visitor can meet; a missing portal, submission or entry all look alike. */
export function errorPage(status: number, message: string): string {
  const titles: Record<number, string> = {
    403: 'This form has expired',
    404: 'Page not found',
    413: 'Your text is too long',
    415: 'This form could not be read',
    429: 'Too many requests',
    503: 'Please try again shortly',
  };
  const title = titles[status] ?? 'Something went wrong';
  const body: ReactNode[] = [h('h1', null, title), h('p', null, message)];
  return renderPage(null, title, body);
}
