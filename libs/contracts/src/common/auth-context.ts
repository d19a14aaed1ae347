import type { Role } from './enums';

/** Who is calling: resolved from the API key at the edge and carried on every request to a service. */
export interface AuthContext {
  organizationId: string;
  userId: string;
  role: Role;
  keyId: string;
}
