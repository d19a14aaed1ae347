import { Inject, Injectable } from '@nestjs/common';
import { AuditVia, AuthContext, IdentitySubjects, UnauthorizedError } from '@pds/contracts';
import { ApiKeyCache, AuthAttempt, checkApiKey } from '@pds/edge';
import { MessageBus } from '@pds/messaging';
import { IdentityRepository } from './identity.repository';
import { GATEWAY_OPTIONS, GatewayOptions } from '../gateway.options';

/**
 * Turns an `x-api-key` into the caller. A revocation, or a change of the key's user, evicts the key
 * on this replica at once and on every other replica (and every other edge) through a broadcast.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly cache: ApiKeyCache;

  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
  ) {
    this.cache = new ApiKeyCache(options.apiKeyCacheTtlMs, (keyHash) => this.lookup(keyHash));
  }

  /** Not async itself: on every request, one promise (checkApiKey's) is enough. */
  authenticate(header: string | string[] | undefined, attempt: AuthAttempt): Promise<AuthContext> {
    if (header === undefined) return Promise.reject(new UnauthorizedError('Missing x-api-key header'));
    // A repeated header is as malformed as a bad key.
    return checkApiKey(typeof header === 'string' ? header : '', this.cache, attempt);
  }

  /** Also serves other edges (MCP) over the bus, so the rules live in one place. */
  verifyHash(keyHash: string): Promise<AuthContext | null> {
    return this.cache.get(keyHash);
  }

  /**
   * The key was revoked, or its user changed (role, deactivation): every cache must ask again.
   * Resolves once the broadcast has reached NATS, so the caller answers only after every other
   * replica and edge could have heard it (the cache's TTL covers only a broadcast that was lost).
   */
  async dropEverywhere(keyHashes: readonly string[]): Promise<void> {
    if (keyHashes.length === 0) return;
    for (const keyHash of keyHashes) {
      this.forget(keyHash);
      this.bus.broadcast(IdentitySubjects.apiKeyRevoked, { keyHash });
    }
    await this.bus.flush();
  }

  /** Another replica revoked the key (broadcast, received by ApiKeyHandler). */
  forget(keyHash: string): void {
    this.cache.evict(keyHash);
  }

  private async lookup(keyHash: string): Promise<AuthContext | null> {
    const key = await this.identity.findActiveKeyByHash(keyHash);
    if (!key) return null;
    void this.identity.touchApiKey(key.organizationId, key.id, new Date()).catch(() => undefined);
    // Cached as the REST edge's caller; the MCP edge stamps its own `via` on what it is answered.
    return { organizationId: key.organizationId, userId: key.userId, role: key.role, keyId: key.id, via: AuditVia.REST };
  }
}
