import { Body, Get, Inject, Patch } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, OrganizationSettingsResponse, UpdateOrganizationSettingsDto } from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { OrganizationSettingsService } from '../identity/organization-settings.service';

@ApiController('organization')
export class OrganizationSettingsController {
  constructor(@Inject(OrganizationSettingsService) private readonly settings: OrganizationSettingsService) {}

  @Returns(OrganizationSettingsResponse)
  @Get()
  @Doc("Get the organization's settings", "The organization's name, slug and public portal settings.", { requires: Permission.IdentityManage })
  get(@Auth() auth: AuthContext): Promise<OrganizationSettingsResponse> {
    return this.settings.get(auth);
  }

  @Returns(OrganizationSettingsResponse)
  @Patch()
  @Doc("Update the organization's settings", "Turns the public portal on or off and sets the origins allowed to call it from a browser and its accent color.", { requires: Permission.IdentityManage })
  update(@Auth() auth: AuthContext, @Body() body: UpdateOrganizationSettingsDto): Promise<OrganizationSettingsResponse> {
    return this.settings.update(auth, body);
  }
}
