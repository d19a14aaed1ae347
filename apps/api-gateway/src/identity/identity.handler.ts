import { Inject, Injectable } from '@nestjs/common';
import { FindUsersReply, FindUsersRequest, IdentitySubjects, MeRequest, MeResponse, VerifyApiKeyReply, VerifyApiKeyRequest } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { ApiKeyAuthenticator } from '../auth/api-key.authenticator';
import { IdentityRepository } from './identity.repository';
import { MeService } from './me.service';

/** What other apps ask the identity context over the bus. */
@Injectable()
export class IdentityHandler {
  constructor(
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(MeService) private readonly meService: MeService,
  ) {}

  @HandleMessage(IdentitySubjects.me)
  me({ auth }: MeRequest): Promise<MeResponse> {
    return this.meService.me(auth);
  }

  @HandleMessage(IdentitySubjects.verifyApiKey)
  verifyApiKey({ keyHash }: VerifyApiKeyRequest): Promise<VerifyApiKeyReply> {
    return this.authenticator.verifyHash(keyHash);
  }

  @HandleMessage(IdentitySubjects.findUsers)
  async findUsers({ organizationId, ids }: FindUsersRequest): Promise<FindUsersReply> {
    const users = await this.identity.findUsers(organizationId, ids);
    return { users: users.map(({ id, role, name, email }) => ({ id, role, name, email })) };
  }
}
