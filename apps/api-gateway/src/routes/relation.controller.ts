import { Body, Delete, Get, Param, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AddWorkItemRelationDto, AuthContext, DeliverySubjects, WorkItemRelationsResponse } from '@pds/contracts';
import { Returns, ReturnsNothing, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

@ApiController('work-items/:id/relations')
export class RelationController extends BusRoutes {
  @Returns(WorkItemRelationsResponse)
  @Get()
  @Doc("List a work item's relations", "The work items this one blocks, is blocked by, relates to or duplicates, grouped by relation.", { requires: Permission.Read })
  list(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemRelationsResponse> {
    return this.bus.request(DeliverySubjects.relationList, { auth, id });
  }

  @Returns(WorkItemRelationsResponse)
  @Post()
  @Doc("Relate two work items", "Adds a relation and its inverse (`blocks` here is `blocked_by` there). Answers this item's relations. Emits no event.", { requires: Permission.DeliveryWrite })
  add(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AddWorkItemRelationDto): Promise<WorkItemRelationsResponse> {
    return this.bus.request(DeliverySubjects.relationAdd, { auth, id, body });
  }

  @ReturnsNothing()
  @Delete(':relationId')
  @Doc('Remove a relation', 'Removes the relation and its inverse; the answer is empty.', { requires: Permission.DeliveryWrite })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string, @Param('relationId') relationId: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.relationRemove, { auth, id, relationId });
  }
}
