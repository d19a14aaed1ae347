import type { AuditVia, Role } from './enums';

/** Who is calling: resolved from the API key at the edge and carried on every request to a service. */
export interface AuthContext {
  organizationId: string;
  userId: string;
  role: Role;
  keyId: string;
  /** The edge the request came through (REST, MCP, GIT…), for the audit log; absent means SYSTEM. */
  via?: AuditVia;
}
