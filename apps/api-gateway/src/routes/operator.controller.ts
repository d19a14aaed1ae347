import { Body, Controller, Inject, Post, UseGuards, UsePipes } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BootstrapOrganizationResponse, CreateOrganizationDto } from '@pds/contracts';
import { ContractValidationPipe, Returns, Doc } from '@pds/http';
import { IdempotentPosts } from '../idempotency/idempotency.interceptor';
import { OperatorTokenGuard } from '../auth/operator-token.guard';
import { OrganizationService } from '../identity/organization.service';

@Controller('operator')
@UseGuards(OperatorTokenGuard)
@UsePipes(ContractValidationPipe)
@IdempotentPosts()
@ApiBearerAuth('operatorToken')
@ApiTags('operator')
export class OperatorController {
  constructor(@Inject(OrganizationService) private readonly organizations: OrganizationService) {}

  @Returns(BootstrapOrganizationResponse)
  @Post('organizations')
  @Doc("Create an organization", "Bootstraps a tenant: the organization, its first ADMIN user and that user's API key (shown once). Called by the service's operator with the operator token, not with an API key.")
  create(@Body() body: CreateOrganizationDto): Promise<BootstrapOrganizationResponse> {
    return this.organizations.bootstrap(body);
  }
}
