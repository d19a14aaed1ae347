import { Injectable, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthContext,
  BodyRequest,
  CreateWorkItemDto,
  IdBodyRequest,
  IdRequest,
  ListQuery,
  QueryRequest,
  Role,
  UpdateWorkItemDto,
  defineSubject,
} from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import { MessageController } from './message-handling';
import { testCaller, useHandlerTestApp } from './handler-test-app';
import { RecordHandlers } from './record-handlers';

class CreateThingRequest extends BodyRequest(CreateWorkItemDto) {}
class UpdateThingRequest extends IdBodyRequest(UpdateWorkItemDto) {}
class ListThingsRequest extends QueryRequest(ListQuery) {}

type Call = [string, ...unknown[]];
const S = {
  create: defineSubject<CreateThingRequest, Call>('test.record.create'),
  list: defineSubject<ListThingsRequest, Call>('test.record.list'),
  get: defineSubject<IdRequest, Call>('test.record.get'),
  update: defineSubject<UpdateThingRequest, Call>('test.record.update'),
  archive: defineSubject<IdRequest, Call>('test.record.archive'),
};

/** Answers with what it was called with, so the test sees exactly what the handler forwarded. */
@Injectable()
class ThingService {
  createThing(auth: AuthContext, body: CreateWorkItemDto): Call {
    return ['createThing', auth.userId, body instanceof CreateWorkItemDto, body.title];
  }
  list(auth: AuthContext, query: ListQuery): Call {
    return ['list', auth.userId, query.limit];
  }
  get(auth: AuthContext, id: string): Call {
    return ['get', auth.userId, id];
  }
  update(auth: AuthContext, id: string, body: UpdateWorkItemDto): Call {
    return ['update', auth.userId, id, body.title];
  }
  archive(auth: AuthContext, id: string): Call {
    return ['archive', auth.userId, id];
  }
}

@MessageController()
class ThingHandler extends RecordHandlers(ThingService, {
  create: [S.create, CreateThingRequest, 'createThing'],
  list: [S.list, ListThingsRequest],
  get: [S.get, IdRequest],
  update: [S.update, UpdateThingRequest],
}) {
  @MessagePattern(S.archive)
  archive(@Payload() { auth, id }: IdRequest): Call {
    return this.service.archive(auth, id);
  }
}

@Module({ controllers: [ThingHandler], providers: [ThingService] })
class ThingModule {}

describe('RecordHandlers: the create / list / get / update of a record resource in one line each', () => {
  const auth = testCaller(Role.PM);
  const started = useHandlerTestApp(ThingModule);

  it('forwards each operation to its service method with the parts of the envelope it takes', async () => {
    const id = randomUUID();
    await expect(started.bus.request(S.create, { auth, body: { title: 'A thing', type: 'TASK' } as CreateWorkItemDto })).resolves.toEqual([
      'createThing',
      auth.userId,
      true,
      'A thing',
    ]);
    await expect(started.bus.request(S.list, { auth, query: { limit: '7' } as unknown as ListQuery })).resolves.toEqual(['list', auth.userId, 7]);
    await expect(started.bus.request(S.get, { auth, id })).resolves.toEqual(['get', auth.userId, id]);
    await expect(started.bus.request(S.update, { auth, id, body: { title: 'Renamed' } as UpdateWorkItemDto })).resolves.toEqual(['update', auth.userId, id, 'Renamed']);
    await expect(started.bus.request(S.archive, { auth, id })).resolves.toEqual(['archive', auth.userId, id]);
  });

  it('validates every payload against the request class it was given', async () => {
    const error = await started.bus.request(S.update, { auth, id: randomUUID(), body: { title: 7, nope: 1 } } as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BadRequest', details: { 'body.title': expect.any(Array), 'body.nope': expect.any(Array) } });
    await expect(started.bus.request(S.create, { body: { title: 'x', type: 'TASK' } } as never)).rejects.toMatchObject({
      code: 'BadRequest',
      details: { auth: expect.any(Array) },
    });
  });

  it('defines only the operations it was given', () => {
    const prototype = RecordHandlers(ThingService, { get: [S.get, IdRequest] }).prototype as object;
    expect(Object.getOwnPropertyNames(prototype).sort()).toEqual(['constructor', 'get']);
  });

  it('refuses at start-up a binding to a method the service does not have', () => {
    expect(() => RecordHandlers(ThingService, { get: [S.get, IdRequest, 'fetch' as never] })).toThrow('ThingService has no method fetch for test.record.get');
  });
});
