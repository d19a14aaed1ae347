import type { AuthContext } from '../common/auth-context';

/** NATS subjects served by the api-gateway's identity context, for other services and edges. */
export const IdentitySubjects = Object.freeze({
  /** Resolve an API key (by its hash) to the caller; edges other than the gateway use it. */
  verifyApiKey: 'identity.api-key.verify',
  /** The caller's user, role, organization and key (REST `GET /me`, MCP `whoami`). */
  me: 'identity.me',
  /** Which of these user ids are users of the organization. */
  findUsers: 'identity.user.find',
  /** Broadcast (no queue group): a key was revoked, drop it from every cache now. */
  apiKeyRevoked: 'identity.api-key.revoked',
});

export interface VerifyApiKeyRequest {
  keyHash: string;
}
export type VerifyApiKeyReply = AuthContext | null;

export interface MeRequest {
  auth: AuthContext;
}

export interface FindUsersRequest {
  organizationId: string;
  ids: string[];
}
export interface FindUsersReply {
  users: { id: string; role: string; name: string; email: string }[];
}

export interface ApiKeyRevokedMessage {
  keyHash: string;
}
