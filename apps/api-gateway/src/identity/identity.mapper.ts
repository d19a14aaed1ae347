import type { ApiKeyResponse, OrganizationResponse, UserResponse } from '@pds/contracts';
import type { ApiKey, Organization, User } from '../generated/identity/client';

export function toOrganizationResponse(org: Organization): OrganizationResponse {
  return { id: org.id, name: org.name, slug: org.slug, createdAt: org.createdAt.toISOString() };
}

export function toUserResponse(user: User): UserResponse {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    active: user.active,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toApiKeyResponse(key: ApiKey): ApiKeyResponse {
  return {
    id: key.id,
    name: key.name,
    userId: key.userId,
    role: key.role,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
