/* Thin HTTP client for the contract suite: every call goes over the network to the started stack. */
import { randomBytes } from 'node:crypto';
import { stackInfo } from './stack-info';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as is, without JSON encoding (malformed bodies, other content types). */
  rawBody?: string | Buffer;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    /** Sent with every request: `x-api-key`, or the operator's `authorization`. */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = Json>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    let payload: string | Buffer | undefined = options.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: leave the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  patch<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

export function keyClient(apiKey: string, baseUrl = stackInfo().apiUrl): ApiClient {
  return new ApiClient(baseUrl, { 'x-api-key': apiKey });
}

export function operatorClient(token = stackInfo().operatorToken, baseUrl = stackInfo().apiUrl): ApiClient {
  return new ApiClient(baseUrl, { authorization: `Bearer ${token}` });
}

export interface TestOrganization {
  organization: { id: string; name: string; slug: string; createdAt: string };
  admin: { id: string; email: string; name: string; role: string };
  apiKey: string;
  /** Client acting as the organization's first ADMIN. */
  api: ApiClient;
}

/** A fresh organization per test: tests never share data. */
export async function createOrganization(name = uniqueName('Org'), baseUrl = stackInfo().apiUrl): Promise<TestOrganization> {
  const email = `admin-${randomBytes(4).toString('hex')}@example.com`;
  const response = await operatorClient(stackInfo().operatorToken, baseUrl).post('/operator/organizations', { name, adminEmail: email });
  if (response.status !== 200) throw new Error(`bootstrap failed: ${response.status} ${response.text}`);
  const { organization, user, apiKey } = response.body;
  return { organization, admin: user, apiKey, api: keyClient(apiKey, baseUrl) };
}

/** A user of the organization with the given role and, for roles that may have one, a key. */
export async function createMember(org: TestOrganization, role: string): Promise<{ user: Json; api: ApiClient }> {
  const user = await org.api.post('/api/v1/users', {
    email: `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`,
    name: `${role} user`,
    role,
  });
  if (user.status !== 200) throw new Error(`user creation failed: ${user.status} ${user.text}`);
  if (role === 'STAKEHOLDER' || role === 'GUEST') {
    // Such users get no key of their own; an ADMIN's key scoped down to the role acts for them.
    const key = await org.api.post('/api/v1/api-keys', { name: `${role} proxy`, role });
    return { user: user.body, api: keyClient(key.body.apiKey) };
  }
  const key = await org.api.post('/api/v1/api-keys', { name: `${role} key`, userId: user.body.id });
  if (key.status !== 200) throw new Error(`key creation failed: ${key.status} ${key.text}`);
  return { user: user.body, api: keyClient(key.body.apiKey) };
}
