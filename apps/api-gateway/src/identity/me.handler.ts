import { Inject } from '@nestjs/common';
import { IdentitySubjects, MeRequest, MeResponse } from '@pds/contracts';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MessageController } from '@pds/messaging';
import { MeService } from './me.service';

/** The caller's own identity, for edges that authenticate elsewhere (MCP). */
@MessageController()
export class MeHandler {
  constructor(@Inject(MeService) private readonly meService: MeService) {}

  @MessagePattern(IdentitySubjects.me)
  me(@Payload() { auth }: MeRequest): Promise<MeResponse> {
    return this.meService.me(auth);
  }
}
