import { Inject, Injectable } from '@nestjs/common';
import { Permission, ROLES_WITHOUT_KEYS, assertCan, displayPrefix, generateApiKey, hashApiKey, roleAtMost } from '@pds/auth';
import {
  ApiKeyResponse,
  AuthContext,
  BadRequestError,
  CreateApiKeyDto,
  CreatedApiKeyResponse,
  ForbiddenError,
  ListQuery,
  NotFoundError,
  Page,
  UnknownReferenceError,
  isUuid,
} from '@pds/contracts';
import { pageRequest, toPage } from '@pds/persistence';
import { ApiKeyAuthenticator } from '../auth/api-key.authenticator';
import { toApiKeyResponse } from './identity.mapper';
import { IdentityRepository } from './identity.repository';

@Injectable()
export class ApiKeyService {
  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async list(auth: AuthContext, query: ListQuery): Promise<Page<ApiKeyResponse>> {
    assertCan(auth, Permission.IdentityManage);
    const { limit, after } = pageRequest(query);
    const rows = await this.identity.listApiKeys(auth.organizationId, after, limit + 1);
    return toPage(rows, limit, toApiKeyResponse);
  }

  /** A key for the caller, or for another user; its role defaults to, and never exceeds, the user's. */
  async create(auth: AuthContext, dto: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    assertCan(auth, Permission.IdentityManage);
    const userId = dto.userId ?? auth.userId;
    const user = await this.identity.findUser(auth.organizationId, userId);
    if (!user) throw new UnknownReferenceError('userId', userId);
    if (ROLES_WITHOUT_KEYS.includes(user.role)) {
      throw new ForbiddenError(`Users with role ${user.role} cannot have API keys`, { userId: [`role ${user.role}`] });
    }
    const role = dto.role ?? user.role;
    if (!roleAtMost(role, user.role)) {
      throw new BadRequestError(`A key's role cannot exceed its user's role (${user.role})`, {
        role: [`must not exceed ${user.role}`],
      });
    }
    const apiKey = generateApiKey();
    const record = await this.identity.createApiKey(auth.organizationId, {
      userId,
      name: dto.name,
      role,
      prefix: displayPrefix(apiKey),
      hash: hashApiKey(apiKey),
    });
    return { ...toApiKeyResponse(record), apiKey };
  }

  /** Idempotent: revoking a revoked key succeeds and changes nothing. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.IdentityManage);
    const key = isUuid(id) ? await this.identity.findApiKey(auth.organizationId, id) : null;
    if (!key) throw new NotFoundError('API key', id);
    if (!key.revokedAt) await this.identity.revokeApiKey(auth.organizationId, key.id, new Date());
    this.authenticator.revoked(key.hash);
  }
}
