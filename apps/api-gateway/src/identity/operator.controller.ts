import { Body, Controller, Inject, Post, UseGuards, UsePipes } from '@nestjs/common';
import { BootstrapOrganizationResponse, CreateOrganizationDto } from '@pds/contracts';
import { ContractValidationPipe } from '@pds/http';
import { IdempotentPosts } from '../idempotency/idempotency.interceptor';
import { OperatorTokenGuard } from './operator-token.guard';
import { OrganizationService } from './organization.service';

@Controller('operator')
@UseGuards(OperatorTokenGuard)
@UsePipes(ContractValidationPipe)
@IdempotentPosts()
export class OperatorController {
  constructor(@Inject(OrganizationService) private readonly organizations: OrganizationService) {}

  @Post('organizations')
  create(@Body() body: CreateOrganizationDto): Promise<BootstrapOrganizationResponse> {
    return this.organizations.bootstrap(body);
  }
}
