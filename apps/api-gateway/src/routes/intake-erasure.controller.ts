import { Body, Post } from '@nestjs/common';
import { AuthContext, DeliverySubjects, ErasePersonalDataDto, ErasureResponse } from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** `POST /intake/erasures`: a fixed segment, registered before the intake routes' `{id}`. */
@ApiController('intake/erasures')
export class IntakeErasureController extends BusRoutes {
  @Returns(ErasureResponse)
  @Post()
  erase(@Auth() auth: AuthContext, @Body() body: ErasePersonalDataDto): Promise<ErasureResponse> {
    return this.bus.request(DeliverySubjects.intakeErase, { auth, body });
  }
}
