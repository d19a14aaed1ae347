import { Inject } from '@nestjs/common';
import {
  ApiKeyRevokedMessage,
  FindUsersReply,
  FindUsersRequest,
  IdentitySubjects,
  MeRequest,
  MeResponse,
  VerifyApiKeyReply,
  VerifyApiKeyRequest,
} from '@pds/contracts';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { BROADCAST, MessageController } from '@pds/messaging';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { IdentityRepository } from './identity.repository';
import { MeService } from './me.service';

/** What other apps ask the identity context over the bus. */
@MessageController()
export class IdentityHandler {
  constructor(
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(MeService) private readonly meService: MeService,
  ) {}

  @MessagePattern(IdentitySubjects.me)
  me(@Payload() { auth }: MeRequest): Promise<MeResponse> {
    return this.meService.me(auth);
  }

  @MessagePattern(IdentitySubjects.verifyApiKey)
  verifyApiKey(@Payload() { keyHash }: VerifyApiKeyRequest): Promise<VerifyApiKeyReply> {
    return this.authenticator.verifyHash(keyHash);
  }

  @MessagePattern(IdentitySubjects.findUsers)
  async findUsers(@Payload() { organizationId, ids }: FindUsersRequest): Promise<FindUsersReply> {
    const users = await this.identity.findUsers(organizationId, ids);
    return { users: users.map(({ id, role, name, email }) => ({ id, role, name, email })) };
  }

  @EventPattern(IdentitySubjects.apiKeyRevoked, BROADCAST)
  apiKeyRevoked(@Payload() { keyHash }: ApiKeyRevokedMessage): void {
    this.authenticator.forget(keyHash);
  }
}
