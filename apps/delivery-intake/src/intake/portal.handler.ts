import { Inject, Injectable } from '@nestjs/common';
import { Page, PortalListRequest, PortalSubjects, PortalSubmitRequest, PortalVoteRequest, PublicIntakeResponse } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { PortalService } from './portal.service';

@Injectable()
export class PortalHandler {
  constructor(@Inject(PortalService) private readonly portal: PortalService) {}

  @HandleMessage(PortalSubjects.list)
  list({ organizationId, limit, cursor }: PortalListRequest): Promise<Page<PublicIntakeResponse>> {
    return this.portal.list(organizationId, { limit, cursor });
  }

  @HandleMessage(PortalSubjects.submit)
  submit({ organizationId, body }: PortalSubmitRequest): Promise<PublicIntakeResponse> {
    return this.portal.submit(organizationId, body);
  }

  @HandleMessage(PortalSubjects.vote)
  vote({ organizationId, id, body }: PortalVoteRequest): Promise<PublicIntakeResponse> {
    return this.portal.vote(organizationId, id, body.email);
  }
}
