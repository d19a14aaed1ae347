import { PublicChangelogEntryResponse } from '@pds/contracts';
import { PageBrand, portalPath } from './portal-layout';
import { clean } from './portal-text';

/** Text for an XML element or attribute: the five specials escaped, control characters (illegal in XML 1.0) replaced. */
function xml(text: string): string {
  return clean(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The public changelog as an Atom 1.0 feed (RFC 4287): entry ids are URNs of the entries' uuids,
 * so they never change when the portal moves; bodies are sent as text, as the pages show them.
 * `origin` is the scheme and host the request came to (TRUST_PROXY decides them behind a proxy).
 */
export function changelogFeed(brand: PageBrand, origin: string, entries: PublicChangelogEntryResponse[]): string {
  const base = `${origin}${portalPath(brand.slug)}`;
  const updated = entries[0]?.publishedAt ?? new Date(0).toISOString();
  const items = entries.map(
    (entry) => `  <entry>
    <id>urn:uuid:${entry.id}</id>
    <title type="text">${xml(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(`${base}/changelog/${entry.id}`)}"/>
    <published>${entry.publishedAt}</published>
    <updated>${entry.publishedAt}</updated>
    <content type="text">${xml(entry.body)}</content>
  </entry>
`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(`${base}/changelog`)}</id>
  <title type="text">${xml(`${brand.name}: changelog`)}</title>
  <updated>${updated}</updated>
  <author><name>${xml(brand.name)}</name></author>
  <link rel="self" type="application/atom+xml" href="${xml(`${base}/changelog.atom`)}"/>
  <link rel="alternate" type="text/html" href="${xml(`${base}/changelog`)}"/>
${items.join('')}</feed>
`;
}
