import { Inject, Injectable } from '@nestjs/common';
import { hashApiKey, isWellFormedApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects, UnauthorizedError } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { IdentityRepository } from '../identity/identity.repository';
import { GATEWAY_OPTIONS, GatewayOptions } from '../gateway.options';

interface CacheEntry {
  auth: AuthContext | null;
  expiresAt: number;
}

const MAX_CACHE_ENTRIES = 50_000;

/**
 * Turns an `x-api-key` into the caller. Verified keys (and unknown ones) are cached for a few
 * seconds so that the hot path costs one hash and one map lookup; a revocation evicts the key on
 * this replica at once and on every other replica through a broadcast, and the short TTL bounds
 * the delay should a broadcast be lost.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<AuthContext | null>>();

  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  async authenticate(header: string | string[] | undefined): Promise<AuthContext> {
    if (typeof header !== 'string' || !isWellFormedApiKey(header)) {
      throw new UnauthorizedError(header === undefined ? 'Missing x-api-key header' : 'Malformed API key');
    }
    const auth = await this.verifyHash(hashApiKey(header));
    if (!auth) throw new UnauthorizedError('Unknown or revoked API key');
    return auth;
  }

  /** Also serves other edges (MCP) over the bus, so the rules live in one place. */
  async verifyHash(keyHash: string): Promise<AuthContext | null> {
    const now = Date.now();
    const cached = this.cache.get(keyHash);
    if (cached && cached.expiresAt > now) return cached.auth;
    let pending = this.inFlight.get(keyHash);
    if (!pending) {
      pending = this.lookup(keyHash).finally(() => this.inFlight.delete(keyHash));
      this.inFlight.set(keyHash, pending);
    }
    return pending;
  }

  revoked(keyHash: string): void {
    this.forget(keyHash);
    this.bus.broadcast(IdentitySubjects.apiKeyRevoked, { keyHash });
  }

  /** Another replica revoked the key (broadcast by IdentityHandler). */
  forget(keyHash: string): void {
    this.cache.delete(keyHash);
  }

  private async lookup(keyHash: string): Promise<AuthContext | null> {
    const key = await this.identity.findActiveKeyByHash(keyHash);
    const auth = key ? { organizationId: key.organizationId, userId: key.userId, role: key.role, keyId: key.id } : null;
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
    this.cache.set(keyHash, { auth, expiresAt: Date.now() + this.options.apiKeyCacheTtlMs });
    if (key) void this.identity.touchApiKey(key.organizationId, key.id, new Date()).catch(() => undefined);
    return auth;
  }
}
