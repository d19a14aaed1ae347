import { Body, Delete, Get, Param, Post } from '@nestjs/common';
import { AddWorkItemRelationDto, AuthContext, DeliverySubjects, WorkItemRelationsResponse } from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

@ApiController('work-items/:id/relations')
export class RelationController extends BusRoutes {
  @Returns(WorkItemRelationsResponse)
  @Get()
  list(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemRelationsResponse> {
    return this.bus.request(DeliverySubjects.relationList, { auth, id });
  }

  @Returns(WorkItemRelationsResponse)
  @Post()
  add(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AddWorkItemRelationDto): Promise<WorkItemRelationsResponse> {
    return this.bus.request(DeliverySubjects.relationAdd, { auth, id, body });
  }

  @ReturnsNothing()
  @Delete(':relationId')
  async remove(@Auth() auth: AuthContext, @Param('id') id: string, @Param('relationId') relationId: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.relationRemove, { auth, id, relationId });
  }
}
