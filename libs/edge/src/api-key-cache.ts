import type { AuthContext } from '@pds/contracts';
import { LookupCache } from './lookup-cache';

/**
 * Verified keys (and unknown ones, as null) by hash for a few seconds, so the hot path of an edge
 * costs one hash and one map lookup. The owner evicts a revoked key at once (`evict`), and the short
 * TTL bounds the delay should a revocation broadcast be lost.
 */
export class ApiKeyCache extends LookupCache<AuthContext | null> {}
