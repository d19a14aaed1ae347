import { Controller, UseGuards, UsePipes, applyDecorators } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContractValidationPipe } from '@pds/http';
import { PortalRateLimitGuard } from './portal-rate-limit.guard';

/**
 * A controller of the public portal at `public/portals/:slug/<resource>`: no API key, rate limited
 * per client address and portal, contract-validated, documented under one tag.
 */
export function PortalRoute(resource: string): ClassDecorator {
  return applyDecorators(Controller(`public/portals/:slug/${resource}`), UseGuards(PortalRateLimitGuard), UsePipes(ContractValidationPipe), ApiTags('public portal'));
}
