import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EncodedJson,
  Page,
  PortalGetRequest,
  PortalListRequest,
  PortalSubjects,
  PortalSubmitRequest,
  PortalVoteRequest,
  PublicIntakeResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { PortalService } from './portal.service';

@MessageController()
export class PortalHandler {
  constructor(@Inject(PortalService) private readonly portal: PortalService) {}

  @MessagePattern(PortalSubjects.list)
  list(@Payload() { organizationId, ...query }: PortalListRequest): Promise<EncodedJson<Page<PublicIntakeResponse>>> {
    return this.portal.list(organizationId, query);
  }

  @MessagePattern(PortalSubjects.submit)
  submit(@Payload() { organizationId, body }: PortalSubmitRequest): Promise<PublicIntakeResponse> {
    return this.portal.submit(organizationId, body);
  }

  @MessagePattern(PortalSubjects.get)
  get(@Payload() { organizationId, id }: PortalGetRequest): Promise<PublicIntakeResponse> {
    return this.portal.get(organizationId, id);
  }

  @MessagePattern(PortalSubjects.vote)
  vote(@Payload() { organizationId, id, body, addressHash }: PortalVoteRequest): Promise<PublicIntakeResponse> {
    return this.portal.vote(organizationId, id, body.email, addressHash);
  }
}
