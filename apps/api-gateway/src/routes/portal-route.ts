import { Controller, Inject, UseGuards, UsePipes, applyDecorators } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContractValidationPipe } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { PortalRateLimitGuard } from './portal-rate-limit.guard';

/**
 * A controller of the public portal at `public/portals/:slug/<resource>`: no API key, rate limited
 * per client address and portal, contract-validated, documented under one tag.
 */
export function PortalRoute(resource: string): ClassDecorator {
  return applyDecorators(Controller(`public/portals/:slug/${resource}`), UseGuards(PortalRateLimitGuard), UsePipes(ContractValidationPipe), ApiTags('public portal'));
}

/** What every portal controller forwards with: the bus, and the slug lookup that 404s a closed portal. */
export abstract class PortalRoutes {
  constructor(
    @Inject(MessageBus) protected readonly bus: MessageBus,
    @Inject(OrganizationSettingsService) protected readonly organizations: OrganizationSettingsService,
  ) {}
}
