import { IsArray, IsString, IsUUID, Length } from 'class-validator';
import type { AuthContext } from '../common/auth-context';
import { AuthedRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
import type { MeResponse } from './identity.dto';

export class VerifyApiKeyRequest {
  /** SHA-256 of the key, hex: the key itself never travels. */
  @IsString()
  @Length(64, 64)
  keyHash!: string;
}
export type VerifyApiKeyReply = AuthContext | null;

/** The caller's own user, role, organization and key. */
export class MeRequest extends AuthedRequest {}

export class FindUsersRequest {
  @IsUUID()
  organizationId!: string;

  @IsArray()
  @IsString({ each: true })
  ids!: string[];
}
export interface FindUsersReply {
  /** `active: false`: a deactivated user, still known (names on what they made) but not assignable. */
  users: { id: string; role: string; name: string; email: string; active: boolean }[];
}

/** Every organization that has automatic archiving on, with its number of days (a job's question: no caller). */
export class AutoArchiveSettingsRequest {}
export interface AutoArchiveSettingsReply {
  organizations: { organizationId: string; autoArchiveDays: number }[];
}

export class ApiKeyRevokedMessage {
  @IsString()
  @Length(64, 64)
  keyHash!: string;
}

export class PortalChangedMessage {
  /** The organization's slug, as its portal's address names it (lower-case). */
  @IsString()
  @Length(1, 200)
  slug!: string;
}

/** One gateway replica's rate-limit increments of the current window, for the others. */
export interface RateLimitSyncMessage {
  replica: string;
  window: number;
  counts: [string, number][];
}

/** Subjects served by the api-gateway's identity context, for other services and edges. */
export const IdentitySubjects = Object.freeze({
  /** Resolve an API key (by its hash) to the caller; edges other than the gateway use it. */
  verifyApiKey: defineSubject<VerifyApiKeyRequest, VerifyApiKeyReply>('identity.api-key.verify'),
  /** The caller's user, role, organization and key (REST `GET /me`, MCP `whoami`). */
  me: defineSubject<MeRequest, MeResponse>('identity.me'),
  /** Which of these user ids are users of the organization. */
  findUsers: defineSubject<FindUsersRequest, FindUsersReply>('identity.user.find'),
  /** The organizations whose DONE and CANCELLED work items are archived after some days (delivery's job). */
  autoArchiveSettings: defineSubject<AutoArchiveSettingsRequest, AutoArchiveSettingsReply>('identity.organization.auto-archive'),
  /** Broadcast (no queue group): a key was revoked or its user changed (role, deactivation): drop it from every cache now. */
  apiKeyRevoked: defineSubject<ApiKeyRevokedMessage, void>('identity.api-key.revoked'),
  /** Broadcast: an organization's portal settings changed (on or off, name, accent, origins): every edge looks its slug up again now. */
  portalChanged: defineSubject<PortalChangedMessage, void>('identity.portal.changed'),
  /** Broadcast: rate-limit counts shared between the edges' replicas. */
  rateLimitSync: defineSubject<RateLimitSyncMessage, void>('gateway.rate-limit.sync'),
});
