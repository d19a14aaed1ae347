import * as contracts from '@pds/contracts';
import { APP_MESSAGING, AppMessaging, WorkItemSubjects } from '@pds/contracts';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appNatsUsers, natsAuthorizationConfig, natsPermissions } from './nats-permissions';

const root = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  if (dir.endsWith('.ts')) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [file] : [];
  });
}

/** Every `*Subjects` object of the contracts, by name. */
const subjectObjects = Object.fromEntries(
  Object.entries(contracts).filter(([name, value]) => name.endsWith('Subjects') && typeof value === 'object') as [string, Record<string, string>][],
);

/** Every `*Records` object of the contracts (record resources: `{ create: [subject, request], … }` by key), by name. */
const recordObjects = Object.fromEntries(
  Object.entries(contracts as Record<string, unknown>).filter(([name, value]) => name.endsWith('Records') && typeof value === 'object') as [
    string,
    Record<string, Record<string, [string]>>,
  ][],
);

interface Usage {
  served: Set<string>;
  heard: Set<string>;
  broadcast: Set<string>;
  named: Set<string>;
  emitted: Set<string>;
  durables: Set<string>;
}

/**
 * What an app's code does on NATS, read from its source: `@MessagePattern(X.y)`, a binding
 * `op: [X.y, Request]` or a record resource `XRecords.y` of `RecordHandlers(…)`, the delete subject
 * of `TrashHandlers(…, X.y)` (all served the same way), `@EventPattern(X.y, BROADCAST)`,
 * `.broadcast(X.y`, any other `X.y` of a `*Subjects` object (a request, or a map of them), the events
 * it writes and `durable('name'`. Aliases (`StrategySubjects as S`) are followed.
 *
 * Events: a context's outbox that names the event types it takes (`TransactionalOutbox<Tx, Event>`)
 * can emit no other, wherever its code calls `emit`, so the types its declaration names are what
 * the app publishes. For an outbox that names none, each `emit(EventType.X`, or, where a file emits
 * a variable, every event type that file names. Each `events.audit(` publishes an audit entry.
 */
function usageOf(dirs: string[]): Usage {
  const usage: Usage = { served: new Set(), heard: new Set(), broadcast: new Set(), named: new Set(), emitted: new Set(), durables: new Set() };
  for (const file of dirs.flatMap(sources)) {
    const code = readFileSync(file, 'utf8');
    const aliases = new Map<string, string>();
    for (const match of code.matchAll(/\b(\w+Subjects)(?:\s+as\s+(\w+))?\b/g)) {
      if (subjectObjects[match[1]]) aliases.set(match[2] ?? match[1], match[1]);
    }
    const resolve = (alias: string, key: string) => subjectObjects[aliases.get(alias) ?? '']?.[key];
    const bindings =
      (code.includes('RecordHandlers(') ? '|\\b(?:create|list|get|update):\\s*\\[\\s*' : '') + (code.includes('TrashHandlers(') ? '|\\bTrashHandlers\\([^)]*?,\\s*' : '');
    for (const [alias] of aliases) {
      for (const match of code.matchAll(new RegExp(`(@MessagePattern\\(\\s*|@EventPattern\\(\\s*|\\.broadcast\\(\\s*${bindings})?\\b${alias}\\.(\\w+)(\\s*,\\s*BROADCAST)?`, 'g'))) {
        const subject = resolve(alias, match[2]);
        if (!subject) continue;
        if (match[1]?.startsWith('@MessagePattern') || /^(\w+:|TrashHandlers\()/.test(match[1] ?? '')) usage.served.add(subject);
        else if (match[1]?.startsWith('@EventPattern') && match[3]) usage.heard.add(subject);
        else if (match[1]?.startsWith('.broadcast')) usage.broadcast.add(subject);
        else usage.named.add(subject);
      }
    }
    // A record resource (`StrategyRecords.ckr`) names each of its subjects: served by the file's
    // RecordHandlers, requested anywhere else (the gateway's RecordRoutes).
    for (const match of code.matchAll(/\b(\w+Records)(?:\s+as\s+(\w+))?\b/g)) {
      if (!recordObjects[match[1]]) continue;
      for (const resource of code.matchAll(new RegExp(`\\b${match[2] ?? match[1]}\\.(\\w+)`, 'g'))) {
        const subjects = Object.values(recordObjects[match[1]][resource[1]] ?? {}).map(([subject]) => subject);
        for (const subject of subjects) (code.includes('RecordHandlers(') ? usage.served : usage.named).add(subject);
      }
    }
    const declaresEvents = /extends\s+TransactionalOutbox<\s*\w+\s*,/.test(code);
    const emitsVariable = /emit\(\s*[a-z]\w*\s*,/.test(code);
    const emitted = declaresEvents || emitsVariable ? /\b(EventType|InternalEventType)\.(\w+)/g : /emit\(\s*(EventType|InternalEventType)\.(\w+)/g;
    for (const match of code.matchAll(emitted)) {
      usage.emitted.add((contracts[match[1] as 'EventType'] as Record<string, string>)[match[2]]);
    }
    if (/buildEnvelope\(\s*REPO_DELIVERY_RECEIVED_EVENT/.test(code)) usage.emitted.add(contracts.REPO_DELIVERY_RECEIVED_EVENT);
    // An audit entry travels through the outbox as an event of its own type.
    if (/\bevents\.audit\(/.test(code)) usage.emitted.add(contracts.AUDIT_EVENT_TYPE);
    for (const match of code.matchAll(/durable\(\s*'([^']+)'/g)) usage.durables.add(match[1]);
  }
  return usage;
}

function dirsOf(app: string): string[] {
  const dirs = [path.join(root, 'apps', app, 'src')];
  // The edges' shared rate limiter broadcasts and hears its sync subject.
  const module = sources(dirs[0]).map((file) => readFileSync(file, 'utf8')).join('\n');
  if (/RateLimitSyncHandler/.test(module)) dirs.push(path.join(root, 'libs', 'edge', 'src'));
  // The user directory client asks identity on the app's behalf.
  if (/\b(existingUserIds|checkUserIds)\b/.test(module)) dirs.push(path.join(root, 'libs', 'messaging', 'src', 'user-directory.ts'));
  // The trash writes `record.deleted` and `record.restored` through the app's outbox.
  if (/\bRecordTrash\b/.test(module)) dirs.push(path.join(root, 'libs', 'messaging', 'src', 'record-trash.ts'));
  return dirs;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('APP_MESSAGING (the source of the NATS permissions) against what the apps do', () => {
  describe.each(Object.entries(APP_MESSAGING) as [string, AppMessaging][])('%s', (app, declared) => {
    const usage = usageOf(dirsOf(app));

    it('is an app of the distributed run started under that name (its inbox prefix)', () => {
      expect(readFileSync(path.join(root, 'apps', app, 'src', 'main.ts'), 'utf8')).toContain(`name: '${app}'`);
    });

    it('serves exactly the subjects of its @MessagePattern handlers', () => {
      expect(sorted(declared.serves)).toEqual(sorted(usage.served));
    });

    it('hears exactly the broadcasts of its @EventPattern(…, BROADCAST) handlers, and broadcasts exactly what it sends', () => {
      expect(sorted(declared.hears)).toEqual(sorted(usage.heard));
      expect(sorted(declared.broadcasts)).toEqual(sorted(usage.broadcast));
    });

    it('may request every other subject its code names, and only those', () => {
      const named = [...usage.named].filter((subject) => !usage.served.has(subject) && !usage.heard.has(subject) && !usage.broadcast.has(subject));
      expect(sorted(declared.requests)).toEqual(sorted(named));
    });

    it('publishes exactly the event types its code emits, and reads exactly its durable consumers', () => {
      expect(sorted(declared.publishesEvents)).toEqual(sorted(usage.emitted));
      expect(sorted(declared.consumers)).toEqual(sorted(usage.durables));
    });
  });

  it('gives every request subject of the contracts exactly one serving app (a gathered one: the apps it names), and every broadcast a listener', () => {
    const declared = Object.entries(APP_MESSAGING) as [string, AppMessaging][];
    const broadcasts = new Set(declared.flatMap(([, app]) => app.broadcasts));
    for (const subject of Object.values(subjectObjects).flatMap((object) => Object.values(object))) {
      const servedBy = declared.filter(([, app]) => app.serves.includes(subject)).map(([name]) => name);
      if (broadcasts.has(subject)) expect(declared.some(([, app]) => app.hears.includes(subject))).toBe(true);
      else if (contracts.gatheredFrom(subject)) expect([subject, sorted(servedBy)]).toEqual([subject, sorted(contracts.gatheredFrom(subject) ?? [])]);
      else expect([subject, servedBy.length]).toEqual([subject, 1]);
    }
    expect(contracts.gatheredFrom(contracts.GatheredSubjects.locateRecord)).toHaveLength(2);
  });
});

describe('the events an app writes, as read from its source', () => {
  const emittedBy = (files: Record<string, string>): string[] => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nats-permissions-'));
    try {
      for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
      return sorted(usageOf([dir]).emitted);
    } finally {
      rmSync(dir, { recursive: true });
    }
  };

  it('are the event types its outbox declares, wherever the code emits them (a base class, a table of kinds)', () => {
    expect(
      emittedBy({
        'x.outbox.ts': 'type XEvent = typeof EventType.CkrCreated | typeof InternalEventType.SolutionUpdated;\nclass XOutbox extends TransactionalOutbox<XTx, XEvent> {}',
        'record.service.ts': 'for (const event of this.kind.events.created) await events.emit(event, organizationId, response);',
        'x.service.ts': 'super(records, outbox, { events: { created: [EventType.CkrCreated] } });',
      }),
    ).toEqual(['ckr.created', 'solution.updated']);
  });

  it('are each emit(EventType.X) where the outbox names no event types', () => {
    expect(
      emittedBy({
        'y.outbox.ts': 'class YOutbox extends TransactionalOutbox<YTx> {}',
        'y.service.ts': 'await events.emit(EventType.WorkItemCreated, organizationId, item);\nif (event === EventType.IntakeCreated) return;',
      }),
    ).toEqual(['work_item.created']);
  });
});

describe('natsPermissions', () => {
  const mcp = natsPermissions('mcp-server', APP_MESSAGING['mcp-server'], 'run1');
  const intake = natsPermissions('delivery-intake', APP_MESSAGING['delivery-intake'], 'run1');

  it('prefixes every subject and names the prefixed streams', () => {
    expect(mcp.publish).toContain(`run1.${WorkItemSubjects.list}`);
    expect(mcp.publish).not.toContain(WorkItemSubjects.list);
    expect(mcp.subscribe).toContain('run1._INBOX.mcp-server.>');
    expect(intake.publish).toContain('run1.events.work_item.created');
    expect(intake.publish).toContain('$JS.API.CONSUMER.MSG.NEXT.run1_EVENTS.delivery-intake');
    expect(intake.publish).toContain('$O.run1_PAYLOADS.>');
  });

  it('keeps an edge without events away from the EVENTS stream and the internal subjects', () => {
    expect(mcp.publish.filter((subject) => subject.includes('EVENTS') || subject.includes('.events.'))).toEqual([]);
    expect(mcp.publish).not.toContain(`run1.${WorkItemSubjects.resolveKeys}`);
    expect(mcp.allowResponses).toBe(false);
    expect(intake.allowResponses).toBe(true);
  });

  it('lets a consumer acknowledge only what was delivered to it, once (a response), never through a grant of $JS.ACK', () => {
    for (const { permissions } of appNatsUsers('run1')) expect(permissions?.publish.filter((subject) => subject.startsWith('$JS.ACK'))).toEqual([]);
    const consumerOnly: AppMessaging = { serves: [], requests: [], broadcasts: [], hears: [], publishesEvents: [], consumers: ['reader'] };
    expect(natsPermissions('reader', consumerOnly, 'run1').allowResponses).toBe(true);
    expect(natsPermissions('reader', { ...consumerOnly, consumers: [] }, 'run1').allowResponses).toBe(false);
  });

  it('never grants wildcards over all subjects, stream deletion or other apps\' inboxes', () => {
    for (const { permissions } of appNatsUsers('')) {
      const all = [...(permissions?.publish ?? []), ...(permissions?.subscribe ?? [])];
      expect(all.filter((subject) => subject === '>' || subject.startsWith('$JS.API.STREAM.DELETE') || subject.startsWith('$JS.API.>'))).toEqual([]);
      expect(permissions?.subscribe.filter((subject) => subject.includes('_INBOX.'))).toHaveLength(1);
    }
  });

  it('renders a configuration that names each app\'s password variable and holds no password', () => {
    const config = natsAuthorizationConfig(appNatsUsers(''));
    expect(config).toContain('password: $NATS_PASSWORD_MCP_SERVER');
    expect(config.match(/user: "/g)).toHaveLength(Object.keys(APP_MESSAGING).length);
    expect(config).toContain('"$JS.API.INFO"');
  });
});
