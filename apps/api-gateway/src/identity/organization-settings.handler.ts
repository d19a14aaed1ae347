import { Inject } from '@nestjs/common';
import { AutoArchiveSettingsReply, IdentitySubjects, PortalChangedMessage } from '@pds/contracts';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { BROADCAST, MessageController } from '@pds/messaging';
import { OrganizationSettingsService } from './organization-settings.service';

/** Organization settings that other contexts act on (the auto-archive job), and portal changes every replica hears. */
@MessageController()
export class OrganizationSettingsHandler {
  constructor(@Inject(OrganizationSettingsService) private readonly settings: OrganizationSettingsService) {}

  @MessagePattern(IdentitySubjects.autoArchiveSettings)
  autoArchiveSettings(): Promise<AutoArchiveSettingsReply> {
    return this.settings.autoArchiveSettings();
  }

  @EventPattern(IdentitySubjects.portalChanged, BROADCAST)
  portalChanged(@Payload() { slug }: PortalChangedMessage): void {
    this.settings.forgetPortal(slug);
  }
}
