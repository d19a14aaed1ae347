import { Body, Get, Inject, Patch } from '@nestjs/common';
import { AuthContext, OrganizationSettingsResponse, UpdateOrganizationSettingsDto } from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { OrganizationSettingsService } from '../identity/organization-settings.service';

@ApiController('organization')
export class OrganizationSettingsController {
  constructor(@Inject(OrganizationSettingsService) private readonly settings: OrganizationSettingsService) {}

  @Returns(OrganizationSettingsResponse)
  @Get()
  get(@Auth() auth: AuthContext): Promise<OrganizationSettingsResponse> {
    return this.settings.get(auth);
  }

  @Returns(OrganizationSettingsResponse)
  @Patch()
  update(@Auth() auth: AuthContext, @Body() body: UpdateOrganizationSettingsDto): Promise<OrganizationSettingsResponse> {
    return this.settings.update(auth, body);
  }
}
