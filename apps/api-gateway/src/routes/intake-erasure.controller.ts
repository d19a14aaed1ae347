import { Body, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, DeliverySubjects, ErasePersonalDataDto, ErasureResponse } from '@pds/contracts';
import { Doc, Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** `POST /intake/erasures`: a fixed segment, registered before the intake routes' `{id}`. */
@ApiController('intake/erasures')
export class IntakeErasureController extends BusRoutes {
  @Returns(ErasureResponse)
  @Post()
  @Doc(
    "Erase a stakeholder's personal data",
    'Removes the name and e-mail address a stakeholder gave on the portal from every submission and vote of the organization, and the address from queued and stored events, delivery errors and recorded responses. The submissions themselves stay. Answers the counts per place; a repeat answers zeros.',
    { requires: Permission.PersonalDataErase },
  )
  erase(@Auth() auth: AuthContext, @Body() body: ErasePersonalDataDto): Promise<ErasureResponse> {
    return this.bus.request(DeliverySubjects.intakeErase, { auth, body });
  }
}
