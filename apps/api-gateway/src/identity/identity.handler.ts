import { Inject } from '@nestjs/common';
import {
  ApiKeyRevokedMessage,
  AutoArchiveSettingsReply,
  FindUsersReply,
  FindUsersRequest,
  IdentitySubjects,
  MeRequest,
  MeResponse,
  PortalChangedMessage,
  VerifyApiKeyReply,
  VerifyApiKeyRequest,
} from '@pds/contracts';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { BROADCAST, MessageController } from '@pds/messaging';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { MeService } from './me.service';
import { OrganizationSettingsService } from './organization-settings.service';
import { UserService } from './user.service';

/** What other apps ask the identity context over the bus. */
@MessageController()
export class IdentityHandler {
  constructor(
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(UserService) private readonly users: UserService,
    @Inject(MeService) private readonly meService: MeService,
    @Inject(OrganizationSettingsService) private readonly settings: OrganizationSettingsService,
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
  findUsers(@Payload() { organizationId, ids }: FindUsersRequest): Promise<FindUsersReply> {
    return this.users.find(organizationId, ids);
  }

  @MessagePattern(IdentitySubjects.autoArchiveSettings)
  autoArchiveSettings(): Promise<AutoArchiveSettingsReply> {
    return this.settings.autoArchiveSettings();
  }

  @EventPattern(IdentitySubjects.apiKeyRevoked, BROADCAST)
  apiKeyRevoked(@Payload() { keyHash }: ApiKeyRevokedMessage): void {
    this.authenticator.forget(keyHash);
  }

  @EventPattern(IdentitySubjects.portalChanged, BROADCAST)
  portalChanged(@Payload() { slug }: PortalChangedMessage): void {
    this.settings.forgetPortal(slug);
  }
}
