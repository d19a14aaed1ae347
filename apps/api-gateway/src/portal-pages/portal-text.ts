import { Fragment, ReactElement, createElement as h } from 'react';

/** http(s) URLs in plain text; a trailing full stop, comma or closing bracket is the sentence's, not the link's. */
const LINK = /\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/gi;

/**
 * Text as people typed it, safe for a page: NUL and the other C0 controls but tab and line breaks
 * become U+FFFD, so nothing the browser's parser treats specially reaches it (preact escapes `<`,
 * `&` and quotes itself).
 */
export function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD');
}

/** Only http and https: `javascript:`, `data:` and anything else is never a link target. */
export function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function linkifiedLine(line: string): (string | ReactElement)[] {
  const parts: (string | ReactElement)[] = [];
  let at = 0;
  for (const match of line.matchAll(LINK)) {
    const url = match[0];
    const index = match.index ?? 0;
    if (!isWebLink(url)) continue;
    if (index > at) parts.push(line.slice(at, index));
    parts.push(h('a', { key: index, href: url, rel: 'nofollow ugc noopener noreferrer' }, url));
    at = index + url.length;
  }
  if (at < line.length) parts.push(line.slice(at));
  return parts;
}

/**
 * Plain text as paragraphs (a blank line apart) with line breaks kept and http/https links made
 * clickable. Never HTML: every character of the text is text in the page.
 */
export function PlainText({ text }: { text: string }): ReactElement {
  const paragraphs = clean(text).split(/\r?\n\s*\r?\n/).filter((p) => p.trim() !== '');
  return h(
    Fragment,
    null,
    paragraphs.map((paragraph, p) =>
      h(
        'p',
        { key: p },
        paragraph.split(/\r?\n/).map((line, i) => h(Fragment, { key: i }, i === 0 ? null : h('br', null), ...linkifiedLine(line))),
      ),
    ),
  );
}
