import { Inject } from '@nestjs/common';
import { ApiKeyRevokedMessage, IdentitySubjects, VerifyApiKeyReply, VerifyApiKeyRequest } from '@pds/contracts';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { BROADCAST, MessageController } from '@pds/messaging';
import { ApiKeyAuthenticator } from './api-key.authenticator';

/** API keys as other edges check them over the bus, and revocations every replica must forget. */
@MessageController()
export class ApiKeyHandler {
  constructor(@Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator) {}

  @MessagePattern(IdentitySubjects.verifyApiKey)
  verifyApiKey(@Payload() { keyHash }: VerifyApiKeyRequest): Promise<VerifyApiKeyReply> {
    return this.authenticator.verifyHash(keyHash);
  }

  @EventPattern(IdentitySubjects.apiKeyRevoked, BROADCAST)
  apiKeyRevoked(@Payload() { keyHash }: ApiKeyRevokedMessage): void {
    this.authenticator.forget(keyHash);
  }
}
