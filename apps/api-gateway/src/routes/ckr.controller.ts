import { Body, Param, Patch } from '@nestjs/common';
import {
  AuthContext,
  CkrResponse,
  CreateCkrDto,
  ListCkrsQuery,
  StrategyRecords,
  StrategySubjects as S,
  UpdateCkrDto,
  UpdateKeyResultDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class KeyResultRoutes extends BusRoutes {
  @Returns(CkrResponse)
  @Patch(':id/key-results/:keyResultId')
  updateKeyResult(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Param('keyResultId') keyResultId: string,
    @Body() body: UpdateKeyResultDto,
  ): Promise<CkrResponse> {
    return this.bus.request(S.keyResultUpdate, { auth, id, keyResultId, body });
  }
}

/** OKRs; the contract's path keeps its historical name `ckrs`. */
@ApiController('ckrs')
export class CkrController extends RecordRoutes(CkrResponse, { ...StrategyRecords.ckr, delete: trash(S.recordDelete, 'ckr') }, { create: CreateCkrDto, list: ListCkrsQuery, update: UpdateCkrDto }, KeyResultRoutes) {}
