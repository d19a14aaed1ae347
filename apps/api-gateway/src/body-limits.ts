import type { RouteBodyLimit } from '@pds/http';
import { PAGE_BODY_LIMIT } from './portal-pages/portal-page.filter';
import { API_BODY_LIMITS } from './routes/body-limits';

/** Every route of the gateway that accepts more (or less) than the default body. */
export const ROUTE_BODY_LIMITS: readonly RouteBodyLimit[] = [...API_BODY_LIMITS, PAGE_BODY_LIMIT];
