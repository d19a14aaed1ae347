import { ApiBody } from '@nestjs/swagger';
import { Body, Param, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { OptionalBodyPipe } from './optional-body.pipe';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class ConcludeRoutes extends BusRoutes {
  /** The body is optional: `Dto | undefined` leaves it to OptionalBodyPipe. */
  @Returns(ExperimentResponse)
  @Post(':id/conclude')
  @ApiBody({ type: ConcludeExperimentDto, required: false })
  @Doc('Conclude an experiment', 'Ends the experiment with an `outcome` (`SUCCEEDED` or `FAILED`; none, or no body, means `INCONCLUSIVE`) and an optional `result` text. Its status no longer changes afterwards; concluding twice is 409.', { requires: Permission.StrategyWrite, emits: ['experiment.concluded'] })
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
  {
    create: CreateExperimentDto,
    list: ListExperimentsQuery,
    update: UpdateExperimentDto,
    about: {
      one: 'experiment',
      many: 'experiments',
      writes: Permission.StrategyWrite,
      notes: { update: 'Moving it to another CKR or solution reclassifies the work items it holds (`work_item.updated` for each that changes). Concluding has its own route.' },
    },
  },
  ConcludeRoutes,
) {}
