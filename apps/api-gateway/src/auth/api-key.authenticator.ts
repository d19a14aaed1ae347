import { Inject, Injectable } from '@nestjs/common';
import { hashApiKey, isWellFormedApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects, UnauthorizedError } from '@pds/contracts';
import { ApiKeyCache, AuthAttempt } from '@pds/edge';
import { MessageBus } from '@pds/messaging';
import { IdentityRepository } from '../identity/identity.repository';
import { GATEWAY_OPTIONS, GatewayOptions } from '../gateway.options';

/**
 * Turns an `x-api-key` into the caller. A revocation evicts the key on this replica at once and on
 * every other replica (and every other edge) through a broadcast.
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

  async authenticate(header: string | string[] | undefined, attempt: AuthAttempt): Promise<AuthContext> {
    if (header === undefined) throw new UnauthorizedError('Missing x-api-key header');
    if (typeof header !== 'string' || !isWellFormedApiKey(header)) {
      attempt.beforeLookup();
      attempt.failed();
      throw new UnauthorizedError('Malformed API key');
    }
    const keyHash = hashApiKey(header);
    let auth = this.cache.cached(keyHash);
    if (auth === undefined) {
      attempt.beforeLookup();
      auth = await this.verifyHash(keyHash);
    }
    if (!auth) {
      attempt.failed();
      throw new UnauthorizedError('Unknown or revoked API key');
    }
    return auth;
  }

  /** Also serves other edges (MCP) over the bus, so the rules live in one place. */
  verifyHash(keyHash: string): Promise<AuthContext | null> {
    return this.cache.get(keyHash);
  }

  revoked(keyHash: string): void {
    this.forget(keyHash);
    this.bus.broadcast(IdentitySubjects.apiKeyRevoked, { keyHash });
  }

  /** Another replica revoked the key (broadcast by IdentityHandler). */
  forget(keyHash: string): void {
    this.cache.evict(keyHash);
  }

  private async lookup(keyHash: string): Promise<AuthContext | null> {
    const key = await this.identity.findActiveKeyByHash(keyHash);
    if (!key) return null;
    void this.identity.touchApiKey(key.organizationId, key.id, new Date()).catch(() => undefined);
    return { organizationId: key.organizationId, userId: key.userId, role: key.role, keyId: key.id };
  }
}
