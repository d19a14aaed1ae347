import { ACCENT_COLOR_PATTERN } from '@pds/contracts';
import { createHash } from 'node:crypto';
import { PORTAL_CSS, PORTAL_JS } from './portal-styles';

export const ASSETS_PREFIX = '/portal/assets';
export const DEFAULT_ACCENT = '#1f5fbf';

export interface PortalAsset {
  type: string;
  body: string;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

function named(stem: string, extension: string, body: string, type: string): [string, PortalAsset] {
  return [`${stem}.${hashOf(body)}.${extension}`, { type, body }];
}

/** The fixed assets by their hashed names: a new build's changed file gets a new name, so they are cached for a year. */
const FIXED = new Map<string, PortalAsset>([
  named('portal', 'css', PORTAL_CSS, 'text/css; charset=utf-8'),
  named('portal', 'js', PORTAL_JS, 'text/javascript; charset=utf-8'),
]);
const [STYLESHEET, SCRIPT] = [...FIXED.keys()];

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const channel = (i: number) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The colour darkened step by step until white text on it (or it on white) reaches 4.5:1. */
function darkenedForWhite(color: string): string {
  let darker = color;
  for (let factor = 1; contrast(luminance(darker), 1) < 4.5 && factor > 0; factor -= 0.05) {
    darker = `#${[1, 3, 5].map((i) => Math.round(parseInt(color.slice(i, i + 2), 16) * factor).toString(16).padStart(2, '0')).join('')}`;
  }
  return darker;
}

/**
 * The accent as the page uses it, to WCAG AA (4.5:1): as a background with white or near-black
 * text, whichever contrasts more (a mid-tone that reaches neither is darkened under white text),
 * and as the link colour on the light page (darkened until it reads on white).
 */
export function accentPalette(color: string): { accent: string; onAccent: string; link: string } {
  const link = darkenedForWhite(color);
  const l = luminance(color);
  const dark = '#1b1d21';
  if (contrast(l, 1) >= 4.5) return { accent: color, onAccent: '#ffffff', link };
  if (contrast(l, luminance(dark)) >= 4.5) return { accent: color, onAccent: dark, link };
  return { accent: link, onAccent: '#ffffff', link };
}

/** `accent-rrggbb.css`: the colour is the content, so the name is its own hash. */
function accentAsset(name: string): PortalAsset | undefined {
  const match = /^accent-([0-9a-f]{6})\.css$/.exec(name);
  if (!match) return undefined;
  const { accent, onAccent, link } = accentPalette(`#${match[1]}`);
  return {
    type: 'text/css; charset=utf-8',
    body: `.site-header, button, .button { --accent: ${accent}; --on-accent: ${onAccent}; }\n:root { --accent: ${link}; }\n`,
  };
}

export function portalAsset(name: string): PortalAsset | undefined {
  return FIXED.get(name) ?? accentAsset(name);
}

/** The URLs a page links: the stylesheet, its organization's accent and the script. */
export function assetUrls(accentColor: string | null): { stylesheet: string; accent: string; script: string } {
  const color = accentColor && ACCENT_COLOR_PATTERN.test(accentColor) ? accentColor.toLowerCase() : DEFAULT_ACCENT;
  return { stylesheet: `${ASSETS_PREFIX}/${STYLESHEET}`, accent: `${ASSETS_PREFIX}/accent-${color.slice(1)}.css`, script: `${ASSETS_PREFIX}/${SCRIPT}` };
}
