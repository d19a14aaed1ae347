export { createPdsClient, type PdsClient, type PdsClientOptions } from './client';
export { PdsApiError, type ApiErrorBody } from './errors';
export { retryingFetch, retryAfterMs, type RetryOptions } from './retrying-fetch';
export { paginate, nextCursorOf, type ItemOf, type ListPath, type PageOptions } from './paginate';
export type { paths, components, operations } from './generated/schema';
