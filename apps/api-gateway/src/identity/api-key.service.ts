import { Inject, Injectable } from '@nestjs/common';
import { Permission, ROLES_WITHOUT_KEYS, assertCan, displayPrefix, generateApiKey, hashApiKey, roleAtMost } from '@pds/auth';
import {
  ApiKeyResponse,
  AuthContext,
  BadRequestError,
  ConflictError,
  CreateApiKeyDto,
  CreatePersonalApiKeyDto,
  CreatedApiKeyResponse,
  ForbiddenError,
  CreationListQuery,
  NotFoundError,
  Page,
  Role,
  UnknownReferenceError,
  isUuid,
} from '@pds/contracts';
import { readCreationPage } from '@pds/persistence';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { IdentityOutbox } from './identity.outbox';
import { toApiKeyResponse } from './identity.mapper';
import { IdentityRepository } from './identity.repository';

/**
 * Keys of the organization (ADMIN, `/api-keys`) and personal keys (ADMIN, PM, DEV, `/me/api-keys`):
 * one set of rules for both, the personal routes only ever touching the caller's own keys.
 */
@Injectable()
export class ApiKeyService {
  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(IdentityOutbox) private readonly outbox: IdentityOutbox,
  ) {}

  list(auth: AuthContext, query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    assertCan(auth, Permission.IdentityManage);
    return this.listOf(auth.organizationId, query);
  }

  listOwn(auth: AuthContext, query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    assertCan(auth, Permission.PersonalKeys);
    return this.listOf(auth.organizationId, query, auth.userId);
  }

  /** A key for the caller, or for another user; its role defaults to, and never exceeds, the user's. */
  create(auth: AuthContext, dto: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    assertCan(auth, Permission.IdentityManage);
    return this.issue(auth, dto.userId ?? auth.userId, dto.name, dto.role);
  }

  /** The caller's own key: never above the calling key's role (a scoped-down key cannot mint a stronger one). */
  createOwn(auth: AuthContext, dto: CreatePersonalApiKeyDto): Promise<CreatedApiKeyResponse> {
    assertCan(auth, Permission.PersonalKeys);
    return this.issue(auth, auth.userId, dto.name, dto.role ?? auth.role, auth.role);
  }

  /** Idempotent: revoking a revoked key succeeds and changes nothing. */
  revoke(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.IdentityManage);
    return this.revokeOf(auth, id);
  }

  /** Someone else's key is "not found", like another organization's. */
  revokeOwn(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.PersonalKeys);
    return this.revokeOf(auth, id, auth.userId);
  }

  private listOf(organizationId: string, query: CreationListQuery, userId?: string): Promise<Page<ApiKeyResponse>> {
    return readCreationPage(query, (order, take) => this.identity.listApiKeys(organizationId, order, take, userId), toApiKeyResponse);
  }

  private async issue(auth: AuthContext, userId: string, name: string, requested?: Role, ceiling?: Role): Promise<CreatedApiKeyResponse> {
    const user = await this.identity.findUser(auth.organizationId, userId);
    if (!user) throw UnknownReferenceError.of('userId', userId);
    if (!user.active) throw new ConflictError(`User ${userId} is deactivated; reactivate them first`, { userId: ['deactivated'] });
    if (ROLES_WITHOUT_KEYS.includes(user.role)) {
      throw new ForbiddenError(`Users with role ${user.role} cannot have API keys`, { userId: [`role ${user.role}`] });
    }
    const role = requested ?? user.role;
    const limit = ceiling && roleAtMost(ceiling, user.role) ? ceiling : user.role;
    if (!roleAtMost(role, limit)) {
      throw new BadRequestError(`A key's role cannot exceed ${limit}`, { role: [`must not exceed ${limit}`] });
    }
    const apiKey = generateApiKey();
    const record = await this.outbox.transaction(async (tx, events) => {
      const created = await this.identity.createApiKey(auth.organizationId, { userId, name, role, prefix: displayPrefix(apiKey), hash: hashApiKey(apiKey) }, tx);
      // The key's name, owner and role; never the secret (nor its hash).
      events.audit(auth, { action: 'created', record: { type: 'api_key', id: created.id }, changes: { userId: { from: null, to: userId }, role: { from: null, to: role } } });
      return created;
    });
    return { ...toApiKeyResponse(record), apiKey };
  }

  private async revokeOf(auth: AuthContext, id: string, userId?: string): Promise<void> {
    const key = isUuid(id) ? await this.identity.findApiKey(auth.organizationId, id, userId) : null;
    if (!key) throw new NotFoundError('API key', id);
    if (!key.revokedAt) {
      await this.outbox.transaction(async (tx, events) => {
        await this.identity.revokeApiKey(auth.organizationId, key.id, new Date(), tx);
        events.audit(auth, { action: 'revoked', record: { type: 'api_key', id: key.id } });
      });
    }
    await this.authenticator.dropEverywhere([key.hash]);
  }
}
