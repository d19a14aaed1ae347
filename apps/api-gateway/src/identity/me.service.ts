import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, MeResponse, UnauthorizedError } from '@pds/contracts';
import { toOrganizationResponse, toUserResponse } from './identity.mapper';
import { IdentityRepository } from './identity.repository';

/** Who a key acts as; open to every role (it reveals nothing beyond the caller's own records). */
@Injectable()
export class MeService {
  constructor(@Inject(IdentityRepository) private readonly identity: IdentityRepository) {}

  async me(auth: AuthContext): Promise<MeResponse> {
    const [user, organization, key] = await Promise.all([
      this.identity.findUser(auth.organizationId, auth.userId),
      this.identity.findOrganization(auth.organizationId),
      this.identity.findApiKey(auth.organizationId, auth.keyId, auth.userId),
    ]);
    // Only a key deleted between authentication and now gets here.
    if (!user || !organization || !key) throw new UnauthorizedError('Unknown or revoked API key');
    return {
      user: toUserResponse(user),
      role: auth.role,
      organization: toOrganizationResponse(organization),
      apiKey: { id: key.id, name: key.name, prefix: key.prefix },
    };
  }
}
