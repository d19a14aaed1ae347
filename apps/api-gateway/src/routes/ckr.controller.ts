import { Body, Param, Patch } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, CkrResponse, CreateCkrDto, ListCkrsQuery, StrategyRecords, StrategySubjects as S, UpdateCkrDto, UpdateKeyResultDto } from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class KeyResultRoutes extends BusRoutes {
  @Returns(CkrResponse)
  @Patch(':id/key-results/:keyResultId')
  @Doc('Update a key result', 'Changes one key result of a CKR (OKR): its status and its current or target value. Answers the whole CKR.', { requires: Permission.StrategyWrite, emits: ['ckr.updated'] })
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
export class CkrController extends RecordRoutes(CkrResponse, { ...StrategyRecords.ckr, delete: trash(S.recordDelete, 'ckr') }, {
  create: CreateCkrDto,
  list: ListCkrsQuery,
  update: UpdateCkrDto,
  about: {
    one: 'CKR (OKR)',
    many: 'CKRs (OKRs)',
    writes: Permission.StrategyWrite,
    emits: { create: ['ckr.created'], update: ['ckr.updated'] },
    notes: { create: 'A CKR is an objective with its key results (an OKR); its key is `OKR-n`.' },
  },
}, KeyResultRoutes) {}
