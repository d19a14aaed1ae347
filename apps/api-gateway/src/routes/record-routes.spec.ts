import { Permission } from '@pds/auth';
import 'reflect-metadata';
import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { AuthContext, CreateSprintDto, DeliveryRecords, DeliverySubjects, ListSprintsQuery, Page, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

/** The controller RecordRoutes stands for, written out. */
@ApiController('sprints')
class HandWrittenController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(SprintResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListSprintsQuery): Promise<Page<SprintResponse>> {
    return this.bus.request(DeliverySubjects.sprintList, { auth, query });
  }

  @Returns(SprintResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateSprintDto): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintCreate, { auth, body });
  }

  @Returns(SprintResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintGet, { auth, id });
  }

  @Returns(SprintResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateSprintDto): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintUpdate, { auth, id, body });
  }

  @Returns(SprintResponse)
  @Post(':id/archive')
  archive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintArchive, { auth, id });
  }

  @Returns(SprintResponse)
  @Post(':id/unarchive')
  unarchive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintUnarchive, { auth, id });
  }
}

@ApiController('sprints')
class GeneratedController extends RecordRoutes(SprintResponse, DeliveryRecords.sprint, {
  list: ListSprintsQuery,
  create: CreateSprintDto,
  update: UpdateSprintDto,
  about: { one: 'sprint', many: 'sprints', writes: Permission.DeliveryWrite, notes: { update: 'Completing one carries work over.' } },
}) {}

const OPERATIONS = ['list', 'create', 'get', 'update', 'archive', 'unarchive'] as const;

/** What Nest and @nestjs/swagger read about a route; param factories compared by presence only. */
function routeMetadata(controller: new (...args: never[]) => object, name: (typeof OPERATIONS)[number]) {
  const handler = controller.prototype[name as keyof object] as unknown as object;
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) as Record<string, { index: number; data: unknown; factory?: unknown }>;
  return {
    name: (handler as { name: string }).name,
    path: Reflect.getMetadata(PATH_METADATA, handler),
    method: Reflect.getMetadata(METHOD_METADATA, handler),
    interceptors: Reflect.getMetadata(INTERCEPTORS_METADATA, handler),
    responses: Reflect.getMetadata(DECORATORS.API_RESPONSE, handler),
    paramTypes: Reflect.getMetadata('design:paramtypes', controller.prototype, name),
    args: Object.entries(args).map(([key, { index, data, factory }]) => [key.replace(/^.*__customRouteArgs__/, 'custom'), index, data, !!factory]),
  };
}

describe('RecordRoutes', () => {
  it.each(OPERATIONS)('declares %s with the metadata of the hand-written method', (name) => {
    expect(routeMetadata(GeneratedController, name)).toEqual(routeMetadata(HandWrittenController, name));
  });

  it("documents each route from the resource's declaration, the roles from the permissions table", () => {
    const operation = (name: (typeof OPERATIONS)[number]) => Reflect.getMetadata(DECORATORS.API_OPERATION, GeneratedController.prototype[name as keyof object]) as { summary: string; description: string };
    const extension = (name: (typeof OPERATIONS)[number]) => Reflect.getMetadata(DECORATORS.API_EXTENSION, GeneratedController.prototype[name as keyof object]) as Record<string, unknown>;
    expect(operation('list').summary).toBe('List sprints');
    expect(operation('list').description).toContain('Roles: ADMIN, PM, DEV, STAKEHOLDER, GUEST (permission `read`).');
    expect(operation('create').summary).toBe('Create a sprint');
    expect(operation('create').description).toContain('Roles: ADMIN, PM, DEV (permission `delivery.write`).');
    expect(operation('update').description).toContain('Completing one carries work over.');
    expect(extension('update')).toEqual({ 'x-permission': 'delivery.write' });
  });

  it('lists the routes in the order of the resource operations', () => {
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(GeneratedController.prototype)).filter((n) => n !== 'constructor')).toEqual([...OPERATIONS]);
  });

  it('forwards each route over the bus with the envelope its handler takes', async () => {
    const sent: [string, unknown][] = [];
    const bus = { request: async (subject: string, payload: unknown) => void sent.push([subject, payload]) } as unknown as MessageBus;
    const controller = new GeneratedController(bus) as unknown as Record<(typeof OPERATIONS)[number], (...args: unknown[]) => Promise<unknown>>;
    const auth = { organizationId: 'o', userId: 'u', keyId: 'k' } as AuthContext;
    await controller.list(auth, { limit: 5 });
    await controller.create(auth, { name: 'S1' });
    await controller.get(auth, 'SP-1');
    await controller.update(auth, 'SP-1', { name: 'S2' });
    await controller.archive(auth, 'SP-1');
    await controller.unarchive(auth, 'SP-1');
    expect(sent).toEqual([
      [DeliverySubjects.sprintList, { auth, query: { limit: 5 } }],
      [DeliverySubjects.sprintCreate, { auth, body: { name: 'S1' } }],
      [DeliverySubjects.sprintGet, { auth, id: 'SP-1' }],
      [DeliverySubjects.sprintUpdate, { auth, id: 'SP-1', body: { name: 'S2' } }],
      [DeliverySubjects.sprintArchive, { auth, id: 'SP-1' }],
      [DeliverySubjects.sprintUnarchive, { auth, id: 'SP-1' }],
    ]);
  });
});
