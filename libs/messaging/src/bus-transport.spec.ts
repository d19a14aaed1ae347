import { Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  AppException,
  BodyRequest,
  ConflictError,
  CreateWorkItemDto,
  EventEnvelope,
  IdRequest,
  Role,
  WorkItemResponse,
  defineGatheredSubject,
  defineSubject,
  eventSubject,
} from '@pds/contracts';
import { ALL_EVENTS, BROADCAST, durable } from './bus-transport';
import { EventPublisher } from './event-stream';
import { MessageController } from './message-handling';
import { testCaller, useHandlerTestApp } from './handler-test-app';
import { buildEnvelope } from './outbox.relay';

class CreateThingRequest extends BodyRequest(CreateWorkItemDto) {}
const create = defineSubject<CreateThingRequest, { title: string }>('test.thing.create');
const get = defineSubject<IdRequest, WorkItemResponse>('test.thing.get');
const crash = defineSubject<IdRequest, void>('test.thing.crash');
const ping = defineSubject<{ n: number }, void>('test.thing.ping');
const whose = defineGatheredSubject<IdRequest, string | null>('test.thing.whose', ['left', 'right']);

const seen = { events: [] as string[], all: [] as string[], pings: [] as number[], failNext: 0 };

@MessageController()
class ThingHandler {
  @MessagePattern(create)
  create(@Payload() { body }: CreateThingRequest): { title: string } {
    // The pipe hands over the validated DTO instance, not the raw message.
    if (!(body instanceof CreateWorkItemDto)) throw new Error('not validated');
    return { title: body.title };
  }

  @MessagePattern(get)
  get(@Payload() { id }: IdRequest): never {
    throw new ConflictError('stale', { id });
  }

  @MessagePattern(crash)
  crash(): never {
    throw new Error('password=hunter2 in a stack trace');
  }

  @EventPattern(eventSubject('thing.created'), durable('things'))
  async created(@Payload() envelope: EventEnvelope): Promise<void> {
    if (seen.failNext > 0) {
      seen.failNext -= 1;
      throw new Error('try again');
    }
    seen.events.push(envelope.id);
  }

  @EventPattern(ALL_EVENTS, durable('audit'))
  everything(@Payload() envelope: EventEnvelope): void {
    seen.all.push(envelope.event);
  }

  @EventPattern(ping, BROADCAST)
  pinged(@Payload() { n }: { n: number }): void {
    seen.pings.push(n);
  }
}

/** Two contexts in one process answering one gathered subject (standalone's case). */
@MessageController()
class LeftHandler {
  @MessagePattern(whose)
  whose(@Payload() { id }: IdRequest): string | null {
    return id === 'L-1' ? 'left' : null;
  }
}

@MessageController()
class RightHandler {
  @MessagePattern(whose)
  whose(@Payload() { id }: IdRequest): string | null {
    return id === 'R-1' ? 'right' : null;
  }
}

@Module({ controllers: [ThingHandler, LeftHandler, RightHandler] })
class ThingModule {}

describe('BusTransport: message handlers the Nest way', () => {
  const auth = testCaller(Role.DEV);
  const started = useHandlerTestApp(ThingModule);

  it('runs @MessagePattern handlers with the validated payload', async () => {
    await expect(started.bus.request(create, { auth, body: { title: 'A thing', type: 'TASK' } as CreateWorkItemDto })).resolves.toEqual({ title: 'A thing' });
  });

  it('refuses a malformed payload in the service with a 400 naming each field', async () => {
    const error = (await started.bus
      .request(create, { auth: { ...auth, organizationId: 'nobody' }, body: { title: 7, type: 'TASK', extra: true } } as never)
      .catch((e: unknown) => e)) as AppException;
    expect(error).toBeInstanceOf(AppException);
    expect(error.code).toBe('BadRequest');
    expect(Object.keys(error.details ?? {}).sort()).toEqual(['auth.organizationId', 'body.extra', 'body.title']);
    await expect(started.bus.request(get, { id: 'WI-1' } as never)).rejects.toMatchObject({ code: 'BadRequest', details: { auth: expect.any(Array) } });
  });

  it('passes an AppException through unchanged and hides anything else', async () => {
    await expect(started.bus.request(get, { auth, id: 'WI-1' })).rejects.toMatchObject({ code: 'Conflict', message: 'stale', details: { id: 'WI-1' } });
    const error = (await started.bus.request(crash, { auth, id: 'x' }).catch((e: unknown) => e)) as AppException;
    expect(error.code).toBe('InternalError');
    expect(error.message).not.toContain('hunter2');
  });

  it('delivers events to their durable consumers and fails the delivery when a handler throws', async () => {
    const publisher = started.app.get(EventPublisher);
    const first = buildEnvelope('thing.created', auth.organizationId, {});
    await publisher.publish([first, buildEnvelope('other.happened', auth.organizationId, {})]);
    expect(seen.events).toEqual([first.id]);
    expect(seen.all).toEqual(['thing.created', 'other.happened']);
    // A throwing handler rejects the publish, so the outbox keeps the event for the next attempt.
    seen.failNext = 1;
    const second = buildEnvelope('thing.created', auth.organizationId, {});
    await expect(publisher.publish([second])).rejects.toBeDefined();
    await publisher.publish([second]);
    expect(seen.events).toEqual([first.id, second.id]);
  });

  it('serves every context\'s @MessagePattern of a gathered subject in one process, each with its own answer', async () => {
    await expect(started.bus.gather(whose, { auth, id: 'R-1' })).resolves.toEqual({ answers: expect.arrayContaining([null, 'right']), errors: [], unanswered: 0 });
    await expect(started.bus.gather(whose, { auth, id: 'L-1' }, { until: (answer) => answer !== null })).resolves.toMatchObject({ answers: expect.arrayContaining(['left']) });
    await expect(started.bus.gather(whose, { auth, id: 'X-1' })).resolves.toMatchObject({ answers: [null, null] });
  });

  it('hands broadcasts to every listener', async () => {
    started.bus.broadcast(ping, { n: 3 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.pings).toEqual([3]);
  });
});
