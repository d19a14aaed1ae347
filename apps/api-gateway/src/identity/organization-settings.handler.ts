import { Inject } from '@nestjs/common';
import { AutoArchiveSettingsReply, IdentitySubjects } from '@pds/contracts';
import { MessagePattern } from '@nestjs/microservices';
import { MessageController } from '@pds/messaging';
import { OrganizationSettingsService } from './organization-settings.service';

/** Organization settings that other contexts act on (the auto-archive job). */
@MessageController()
export class OrganizationSettingsHandler {
  constructor(@Inject(OrganizationSettingsService) private readonly settings: OrganizationSettingsService) {}

  @MessagePattern(IdentitySubjects.autoArchiveSettings)
  autoArchiveSettings(): Promise<AutoArchiveSettingsReply> {
    return this.settings.autoArchiveSettings();
  }
}
