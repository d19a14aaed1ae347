import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { accentPalette } from './portal-assets';
import { PlainText, clean, isWebLink } from './portal-text';

const html = (text: string) => renderToStaticMarkup(h(PlainText, { text }));

describe('plain text on the portal pages', () => {
  it('keeps paragraphs and line breaks and links http(s) URLs only, without trailing punctuation', () => {
    expect(html('One\ntwo\n\nSee https://example.com/a?b=1&c=2.')).toBe(
      '<p>One<br/>two</p><p>See <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener noreferrer">https://example.com/a?b=1&amp;c=2</a>.</p>',
    );
    expect(html('javascript:alert(1) data:text/html,x ftp://x.example')).toBe('<p>javascript:alert(1) data:text/html,x ftp://x.example</p>');
    expect(isWebLink('javascript:alert(1)')).toBe(false);
  });

  it('escapes markup and replaces control characters', () => {
    expect(html('<script>alert(1)</script> "><svg onload=alert(1)>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;svg onload=alert(1)&gt;</p>');
    expect(clean('a\u0000b\u0007c\td')).toBe('a\uFFFDb\uFFFDc\td');
  });
});

describe('accent palette', () => {
  const luminance = (hex: string) =>
    [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };

  it.each(['#1f5fbf', '#ffcc00', '#00ff00', '#000000', '#ffffff', '#e91e63'])('%s: text on the accent and links on white reach 4.5:1', (accent) => {
    const palette = accentPalette(accent);
    expect(contrast(palette.accent, palette.onAccent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
