import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AutoArchiveRunRequest, AutoArchiveRunResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { AutoArchiveJob } from './auto-archive.job';

/** The operator's run of the auto-archive job (the gateway's operator API; no caller's organization). */
@MessageController()
export class AutoArchiveHandler {
  constructor(@Inject(AutoArchiveJob) private readonly job: AutoArchiveJob) {}

  @MessagePattern(WorkItemSubjects.autoArchive)
  run(@Payload() { asOf }: AutoArchiveRunRequest): Promise<AutoArchiveRunResponse> {
    return this.job.run(asOf ? new Date(asOf) : undefined);
  }
}
