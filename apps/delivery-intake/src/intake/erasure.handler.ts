import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySubjects, ErasePersonalDataRequest, ErasureResponse } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { ErasureService } from './erasure.service';

@MessageController()
export class ErasureHandler {
  constructor(@Inject(ErasureService) private readonly erasure: ErasureService) {}

  @MessagePattern(DeliverySubjects.intakeErase)
  erase(@Payload() { auth, body }: ErasePersonalDataRequest): Promise<ErasureResponse> {
    return this.erasure.erase(auth, body.email);
  }
}
