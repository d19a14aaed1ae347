import { stackInfo } from './stack-info';

/** A response of a portal page: status, headers and the text. */
export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * A visitor without a browser: keeps the portal's cookie between requests, posts forms
 * URL-encoded, and does not follow redirects (the tests read the 303 and its Location).
 */
export class PageVisitor {
  private cookie = '';

  constructor(private readonly baseUrl = stackInfo().apiUrl) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('GET', path, undefined, headers);
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });
  }

  /** The `_csrf` value of the first form on a page. */
  static csrfOf(html: string): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(html);
    if (!match) throw new Error('no _csrf field on the page');
    return match[1];
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<PageResponse> {
    const response = await fetch(`${this.baseUrl}${path}`, { method, body, redirect: 'manual', headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers } });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
}

export const pagePath = (slug: string) => `/portal/${slug}`;
