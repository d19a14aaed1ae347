import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiKeyRevokedMessage, IdentitySubjects } from '@pds/contracts';
import { BROADCAST, MessageController } from '@pds/messaging';
import { McpAuthenticator } from './mcp.authenticator';

@MessageController()
export class KeyRevokedHandler {
  constructor(@Inject(McpAuthenticator) private readonly authenticator: McpAuthenticator) {}

  @EventPattern(IdentitySubjects.apiKeyRevoked, BROADCAST)
  revoked(@Payload() { keyHash }: ApiKeyRevokedMessage): void {
    this.authenticator.forget(keyHash);
  }
}
