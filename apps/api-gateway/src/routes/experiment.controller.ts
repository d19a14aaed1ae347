import { Body, Param, Post } from '@nestjs/common';
import {
  AuthContext,
  ConcludeExperimentDto,
  CreateExperimentDto,
  ExperimentResponse,
  ListExperimentsQuery,
  StrategyRecords,
  StrategySubjects as S,
  StrategySubjects,
  UpdateExperimentDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { OptionalBodyPipe } from './optional-body.pipe';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class ConcludeRoutes extends BusRoutes {
  /** The body is optional (ARCHITECTURE.md section 5): `Dto | undefined` leaves it to OptionalBodyPipe. */
  @Returns(ExperimentResponse)
  @Post(':id/conclude')
  conclude(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Body(new OptionalBodyPipe(ConcludeExperimentDto)) body: ConcludeExperimentDto | undefined,
  ): Promise<ExperimentResponse> {
    return this.bus.request(S.experimentConclude, { auth, id, body });
  }
}

@ApiController('experiments')
export class ExperimentController extends RecordRoutes(
  ExperimentResponse,
  { ...StrategyRecords.experiment, delete: trash(StrategySubjects.recordDelete, 'experiment') },
  { create: CreateExperimentDto, list: ListExperimentsQuery, update: UpdateExperimentDto },
  ConcludeRoutes,
) {}
