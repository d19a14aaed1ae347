import { ReactElement, ReactNode, createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { assetUrls } from './portal-assets';
import { clean } from './portal-text';

/** What brands a portal's pages: the organization's name and accent colour (null: the default). */
export interface PageBrand {
  slug: string;
  name: string;
  accentColor: string | null;
}

/** The portal's base path for a slug; the slug came from the URL, so it is encoded back into it. */
export const portalPath = (slug: string) => `/portal/${encodeURIComponent(slug)}`;

function Header({ brand }: { brand: PageBrand }): ReactElement {
  const base = portalPath(brand.slug);
  return h(
    'header',
    { className: 'site-header' },
    h(
      'div',
      { className: 'bar' },
      h('a', { className: 'brand', href: base }, clean(brand.name)),
      h(
        'nav',
        { 'aria-label': 'Portal' },
        h('ul', null, h('li', null, h('a', { href: base }, 'Ideas')), h('li', null, h('a', { href: `${base}/new` }, 'Submit an idea')), h('li', null, h('a', { href: `${base}/changelog` }, 'Changelog'))),
      ),
    ),
  );
}

/**
 * A whole page: doctype, head with the hashed stylesheet, the accent stylesheet and the deferred
 * enhancement script (all same-origin, as the Content-Security-Policy demands), a skip link, the
 * organization's header and the main content. preact escapes every text and attribute value.
 */
export function renderPage(brand: PageBrand | null, title: string, content: ReactNode[], head: ReactNode = null): string {
  const assets = assetUrls(brand?.accentColor ?? null);
  const fullTitle = brand ? `${clean(title)} · ${clean(brand.name)}` : clean(title);
  const document = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'referrer', content: 'same-origin' }),
      h('title', null, fullTitle),
      h('link', { rel: 'stylesheet', href: assets.stylesheet }),
      h('link', { rel: 'stylesheet', href: assets.accent }),
      head,
      h('script', { src: assets.script, defer: true }),
    ),
    h(
      'body',
      null,
      h('a', { className: 'skip', href: '#main' }, 'Skip to content'),
      brand ? h(Header, { brand }) : null,
      h('main', { id: 'main', tabIndex: -1 }, ...content),
      h('footer', { className: 'site-footer' }, brand ? `${clean(brand.name)} · public portal` : 'Public portal'),
    ),
  );
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}
