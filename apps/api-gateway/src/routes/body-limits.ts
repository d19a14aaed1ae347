import type { RouteBodyLimit } from '@pds/http';

/**
 * Intake descriptions may hold 900,000 characters; JSON escaping and multi-byte characters can
 * make that several times as many bytes, so intake routes accept up to 8 MiB.
 */
export const API_BODY_LIMITS: readonly RouteBodyLimit[] = [
  { prefix: '/api/v1/intake', limit: 8 * 1024 * 1024 },
  // Anyone may post to the portal: 10,000 characters of description, escaped, fit in 128 KiB.
  { prefix: '/public/portals', limit: 128 * 1024 },
  // Interview transcripts hold up to 500,000 characters (docs/decisions.md, Strategy).
  { prefix: '/api/v1/interviews', limit: 4 * 1024 * 1024 },
];
