import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './generated/schema';
import { PdsApiError } from './errors';
import { type RetryOptions, retryingFetch } from './retrying-fetch';
import { type ListPath, type PageOptions, paginate } from './paginate';

export interface PdsClientOptions {
  /** The service's origin (`https://pds.example.com`); `/api/v1` is added. */
  baseUrl: string;
  /** The `x-api-key` sent with every request (`pos_sk_…`). */
  apiKey?: string;
  /** Retries of 429 and 503 (default 4 attempts, honouring `Retry-After`); `false` for none. */
  retry?: RetryOptions | false;
  /** The fetch underneath (default the global one, looked up at each call). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/**
 * openapi-fetch's method, answering only its success branch: a refusal rejects (PdsApiError), so
 * `data` is always there.
 */
export type SuccessMethod<Paths extends object, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path] & Record<HttpMethod, unknown>, Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<Extract<FetchResponse<Paths[Path][Method & keyof Paths[Path]] & Record<string | number, unknown>, Init, MediaType>, { data: unknown }>>;

/** The REST API (`/api/v1`) as typed methods: `GET`, `POST`, `PATCH`, … of openapi-fetch, plus `paginate`. */
export interface PdsClient extends Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'> {
  GET: SuccessMethod<paths, 'get'>;
  PUT: SuccessMethod<paths, 'put'>;
  POST: SuccessMethod<paths, 'post'>;
  DELETE: SuccessMethod<paths, 'delete'>;
  PATCH: SuccessMethod<paths, 'patch'>;
  /** Every item of a list, page after page (`X-Next-Cursor`), fetched as the loop asks for them. */
  paginate<P extends ListPath>(path: P, options?: PageOptions<P>): ReturnType<typeof paginate<P>>;
}

/** A response outside 2xx rejects with a PdsApiError, so `data` is always the success body. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await PdsApiError.from(response);
    return undefined;
  },
};

export function createPdsClient(options: PdsClientOptions): PdsClient {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/v1`,
    fetch: retryingFetch({ apiKey: options.apiKey, retry: options.retry, fetch: options.fetch }),
    headers: options.headers,
  });
  client.use(throwOnError);
  // The methods are openapi-fetch's; only their answer type is narrowed (throwOnError above).
  return Object.assign(client, {
    paginate: <P extends ListPath>(path: P, pageOptions?: PageOptions<P>) => paginate(client, path, pageOptions),
  }) as unknown as PdsClient;
}
