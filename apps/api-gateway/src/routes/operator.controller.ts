import { Body, Controller, Inject, Post, UseGuards, UsePipes } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AutoArchiveRunRequest, AutoArchiveRunResponse, BootstrapOrganizationResponse, CreateOrganizationDto, WorkItemSubjects } from '@pds/contracts';
import { ContractValidationPipe, Doc, Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { IdempotentPosts } from '../idempotency/idempotency.interceptor';
import { OperatorTokenGuard } from '../auth/operator-token.guard';
import { OrganizationService } from '../identity/organization.service';
import { OptionalBodyPipe } from './optional-body.pipe';

@Controller('operator')
@UseGuards(OperatorTokenGuard)
@UsePipes(ContractValidationPipe)
@IdempotentPosts()
@ApiBearerAuth('operatorToken')
@ApiTags('operator')
export class OperatorController {
  constructor(
    @Inject(OrganizationService) private readonly organizations: OrganizationService,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  @Returns(BootstrapOrganizationResponse)
  @Post('organizations')
  @Doc("Create an organization", "Bootstraps a tenant: the organization, its first ADMIN user and that user's API key (shown once). Called by the service's operator with the operator token, not with an API key.")
  create(@Body() body: CreateOrganizationDto): Promise<BootstrapOrganizationResponse> {
    return this.organizations.bootstrap(body);
  }

  /**
   * Runs delivery's auto-archive job now (it also runs hourly by itself); with `asOf`, as it would
   * at that moment, which archives early what it would archive then.
   */
  @Returns(AutoArchiveRunResponse)
  @Post('auto-archive')
  @Doc(
    'Run the auto-archive job',
    'Runs now the job that archives work items `DONE` or `CANCELLED` for `autoArchiveDays` in the organizations that set it (it also runs hourly by itself); with `asOf`, as it would at that moment. Called with the operator token.',
  )
  autoArchive(@Body(new OptionalBodyPipe(AutoArchiveRunRequest)) body: AutoArchiveRunRequest | undefined): Promise<AutoArchiveRunResponse> {
    return this.bus.request(WorkItemSubjects.autoArchive, { asOf: body?.asOf });
  }
}
