import { ForbiddenError, GatheredSubjects, LocatedRecord, WorkItemSubjects } from '@pds/contracts';
import { Metrics } from '@pds/observability';
import { NatsConnection } from 'nats';
import { InProcessBus, MessageBus, MessageHandler, NatsBus, connectNats } from '@pds/messaging';
import { PrivateNats, startPrivateNats } from './nats-server';

/*
 * MessageBus.gather in both runs. Here rather than beside the buses in libs/messaging: the NATS half
 * runs on a private nats-server (tools/nats-server.ts) with each app's own user, so the gather is
 * also tried on the permissions APP_MESSAGING gives.
 */

const silent = { error: () => undefined, warn: () => undefined };
const subject = GatheredSubjects.locateRecord;
const payload = { auth: { organizationId: 'o', userId: 'u', role: 'ADMIN' }, id: '00000000-0000-4000-8000-000000000001' } as never;
const hit = (title: string) => ({ kind: 'work_item', record: { title } }) as unknown as LocatedRecord;
const untilHit = { until: (answer: LocatedRecord | null) => answer !== null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A context that never answers (down, or stuck). */
const never: MessageHandler = () => new Promise(() => undefined);
/** What the NATS run waits for a silent context: the request timeout plus a sweep. */
const REQUEST_TIMEOUT_MS = 800;
const PREFIX = 'gather';

interface GatherStack {
  /** The MCP server's bus: the one that gathers. */
  caller: MessageBus;
  metrics: Metrics;
  /** Serves the gathered subject as one replica of `app`. */
  serve(app: 'strategy-discovery' | 'delivery-intake', handler: MessageHandler): Promise<void>;
  close(): Promise<void>;
}

async function gatherRequests(metrics: Metrics): Promise<string[]> {
  const { body } = await metrics.render();
  return body.split('\n').filter((line) => line.startsWith('pds_bus_request_duration_seconds_count') && !line.endsWith(' 0'));
}

function inProcessStack(): GatherStack {
  const metrics = new Metrics({ processMetrics: false });
  const bus = new InProcessBus(silent, metrics);
  return { caller: bus, metrics, serve: async (_app, handler) => bus.serve(subject, handler), close: () => bus.close() };
}

/** A private nats-server with the apps' own users: the gather also runs on their permissions. */
async function natsStack(nats: PrivateNats): Promise<GatherStack> {
  const connections: NatsConnection[] = [];
  const metrics = new Metrics({ processMetrics: false });
  const busOf = async (app: string, appMetrics: Metrics) => {
    const { NATS_USER, NATS_PASSWORD } = nats.credentials(app);
    const options = { url: nats.url, subjectPrefix: PREFIX, requestTimeoutMs: REQUEST_TIMEOUT_MS, name: app, user: NATS_USER, password: NATS_PASSWORD };
    const nc = await connectNats(options);
    connections.push(nc);
    return new NatsBus(nc, options, silent, appMetrics);
  };
  const caller = await busOf('mcp-server', metrics);
  return {
    caller,
    metrics,
    async serve(app, handler) {
      const bus = await busOf(app, new Metrics({ processMetrics: false }));
      bus.serve(subject, handler);
      await connections[connections.length - 1].flush();
    },
    close: async () => void (await Promise.all(connections.map((nc) => nc.close()))),
  };
}

describe.each([
  ['InProcessBus', false],
  ['NatsBus', true],
] as const)('%s gather', (_name, overNats) => {
  let nats: PrivateNats | undefined;
  let stack: GatherStack;
  beforeAll(async () => {
    if (overNats) nats = await startPrivateNats({ subjectPrefix: PREFIX });
  });
  afterAll(async () => nats?.stop());
  beforeEach(async () => {
    stack = nats ? await natsStack(nats) : inProcessStack();
  });
  afterEach(() => stack.close());

  it('sends one request that every context answers, and ends when all did', async () => {
    await stack.serve('strategy-discovery', () => null);
    await stack.serve('delivery-intake', () => null);
    const started = Date.now();
    await expect(stack.caller.gather(subject, payload, untilHit)).resolves.toEqual({ answers: [null, null], errors: [], unanswered: 0 });
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(await gatherRequests(stack.metrics)).toEqual(['pds_bus_request_duration_seconds_count{subject="records.locate",outcome="ok"} 1']);
  });

  it('ends on the first answer that is enough, without waiting for a slow context', async () => {
    await stack.serve('strategy-discovery', never);
    await stack.serve('delivery-intake', () => hit('found'));
    const started = Date.now();
    await expect(stack.caller.gather(subject, payload, untilHit)).resolves.toEqual({ answers: [hit('found')], errors: [], unanswered: 1 });
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it("keeps another context's hit when one context fails", async () => {
    await stack.serve('strategy-discovery', () => {
      throw new ForbiddenError('not yours');
    });
    await stack.serve('delivery-intake', async () => {
      await sleep(50);
      return hit('found');
    });
    const { answers, errors, unanswered } = await stack.caller.gather(subject, payload, untilHit);
    expect(answers).toEqual([hit('found')]);
    expect(errors).toMatchObject([{ code: 'Forbidden', message: 'not yours' }]);
    expect(unanswered).toBe(0);
  });

  it('hides no unexpected error as an answer: it is a failure of that context', async () => {
    await stack.serve('strategy-discovery', () => {
      throw new Error('secret internals');
    });
    await stack.serve('delivery-intake', () => null);
    const { answers, errors } = await stack.caller.gather(subject, payload, untilHit);
    expect(answers).toEqual([null]);
    expect(errors).toMatchObject([{ code: 'InternalError', message: 'Internal error' }]);
  });

  it('answers 503 when no context serves the subject', async () => {
    await expect(stack.caller.gather(subject, payload)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(await gatherRequests(stack.metrics)).toEqual([expect.stringContaining('outcome="unavailable"} 1')]);
  });
});

describe('InProcessBus handlers of a gathered subject', () => {
  it('takes one per context, and still refuses a second for a subject one service answers', () => {
    const bus = new InProcessBus(silent);
    bus.serve(subject, () => null);
    expect(() => bus.serve(subject, () => null)).not.toThrow();
    bus.serve(WorkItemSubjects.get, () => null);
    expect(() => bus.serve(WorkItemSubjects.get, () => null)).toThrow('Two handlers');
  });

  it('is gathered only (bus.request refuses it at compile time): a plain request would take one reply for all', async () => {
    const bus = new InProcessBus(silent);
    bus.serve(subject, () => null);
    bus.serve(subject, () => hit('found'));
    // @ts-expect-error -- bus.request refuses a gathered subject
    await expect(bus.request(subject, payload)).resolves.toBeNull();
    await expect(bus.gather(subject, payload, untilHit)).resolves.toMatchObject({ answers: [null, hit('found')] });
  });
});

describe('NatsBus gather across replicas and deadlines', () => {
  let nats: PrivateNats;
  let stack: GatherStack;
  beforeAll(async () => {
    nats = await startPrivateNats({ subjectPrefix: PREFIX });
  });
  afterAll(() => nats.stop());
  beforeEach(async () => {
    stack = await natsStack(nats);
  });
  afterEach(() => stack.close());

  it('hears each app once, however many replicas it runs (a queue group per app)', async () => {
    const answered: string[] = [];
    for (const replica of ['a', 'b', 'c']) {
      await stack.serve('delivery-intake', () => (answered.push(`delivery ${replica}`), null));
      await stack.serve('strategy-discovery', () => (answered.push(`strategy ${replica}`), null));
    }
    for (let i = 0; i < 5; i++) {
      await expect(stack.caller.gather(subject, payload)).resolves.toEqual({ answers: [null, null], errors: [], unanswered: 0 });
    }
    await sleep(100); // a second answer of one app would have come by now
    expect(answered.filter((who) => who.startsWith('delivery'))).toHaveLength(5);
    expect(answered.filter((who) => who.startsWith('strategy'))).toHaveLength(5);
  });

  it('with a context down, ends at the deadline with the answers so far', async () => {
    await stack.serve('delivery-intake', () => null);
    const started = Date.now();
    await expect(stack.caller.gather(subject, payload, untilHit)).resolves.toEqual({ answers: [null], errors: [], unanswered: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(await gatherRequests(stack.metrics)).toEqual(['pds_bus_request_duration_seconds_count{subject="records.locate",outcome="timeout"} 1']);
  });

  it('with a context down, still ends at once on the other context’s hit', async () => {
    await stack.serve('strategy-discovery', () => hit('found'));
    const started = Date.now();
    await expect(stack.caller.gather(subject, payload, untilHit)).resolves.toEqual({ answers: [hit('found')], errors: [], unanswered: 1 });
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it('answers 503 when every context is silent past the deadline', async () => {
    await stack.serve('strategy-discovery', never);
    await expect(stack.caller.gather(subject, payload, untilHit)).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(nats.violations()).toEqual([]);
  });
});
