import { APP_MESSAGING, AppMessaging, eventSubject } from '@pds/contracts';
import { eventPayloadsBucket, eventsStreamName, natsInboxPrefix, prefixed, requestPayloadsBucket } from './nats.connection';

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /**
   * The app answers requests or acknowledges events: it may publish to the reply subject of each
   * message it received, once (a request's reply, a JetStream delivery's acknowledgement).
   */
  allowResponses: boolean;
}

const api = (subject: string) => `$JS.API.${subject}`;

/** A JetStream object store (claim checks): its stream `OBJ_<bucket>` and the API calls nats.js makes for it. */
function objectStore(bucket: string): string[] {
  const stream = `OBJ_${bucket}`;
  return [
    `$O.${bucket}.>`,
    api(`STREAM.INFO.${stream}`),
    api(`STREAM.CREATE.${stream}`),
    api(`STREAM.MSG.GET.${stream}`),
    api(`DIRECT.GET.${stream}`),
    api(`DIRECT.GET.${stream}.>`),
    api(`STREAM.PURGE.${stream}`),
    // Reading an object runs an ordered (ephemeral) consumer with flow control.
    api(`CONSUMER.CREATE.${stream}`),
    api(`CONSUMER.CREATE.${stream}.>`),
    api(`CONSUMER.DELETE.${stream}.>`),
    `$JS.FC.${stream}.>`,
  ];
}

/**
 * A durable consumer of the EVENTS stream: create/update it and read its messages. Acknowledgements
 * are responses (`allow_responses`), not a grant of `$JS.ACK.<stream>.<name>.>`: nats-server keeps
 * the reply subject of every message it delivers to a user with `allow_responses` until that user
 * answers it, or for two minutes when a grant already allows the answer; above 4,096 kept subjects it
 * scans all of them on every delivery. With the grant, a consumer of 1,000 events/s kept ~120,000 and
 * nats-server spent ~1 ms of CPU per event on the scan (docs/benchmarks.md, "the outbox relay").
 */
function durableConsumer(stream: string, name: string): string[] {
  return [
    api(`CONSUMER.CREATE.${stream}.${name}`),
    api(`CONSUMER.CREATE.${stream}.${name}.>`),
    api(`CONSUMER.DURABLE.CREATE.${stream}.${name}`),
    api(`CONSUMER.INFO.${stream}.${name}`),
    api(`CONSUMER.MSG.NEXT.${stream}.${name}`),
  ];
}

/**
 * The publish/subscribe permissions of one app's NATS user, from what it declares in
 * `APP_MESSAGING`: the request and broadcast subjects it sends, the event types its outbox
 * publishes, the subjects it serves and hears, its own reply inbox, and the JetStream API subjects of
 * the streams it uses (EVENTS only by name and only its own durable consumers, its claim-check object
 * stores). Stream deletion, other apps' consumers and other apps' inboxes stay out of reach.
 */
export function natsPermissions(app: string, messaging: AppMessaging, subjectPrefix: string): NatsPermissions {
  const subject = (name: string) => prefixed(subjectPrefix, name);
  const events = eventsStreamName(subjectPrefix);
  const usesEvents = messaging.publishesEvents.length > 0 || messaging.consumers.length > 0;
  const publish = [
    ...messaging.requests.map(subject),
    ...messaging.broadcasts.map(subject),
    ...messaging.publishesEvents.map((type) => subject(eventSubject(type))),
    // Account limits (nats.js asks when it opens JetStream) and which stream holds a subject.
    api('INFO'),
    api('STREAM.NAMES'),
    ...(usesEvents ? [api(`STREAM.INFO.${events}`), api(`STREAM.CREATE.${events}`)] : []),
    ...messaging.consumers.flatMap((name) => durableConsumer(events, name)),
    // Every app may send or answer a message above max_payload; events only where they are sent or read.
    ...objectStore(requestPayloadsBucket(subjectPrefix)),
    ...(usesEvents ? objectStore(eventPayloadsBucket(subjectPrefix)) : []),
  ];
  const subscribe = [...messaging.serves.map(subject), ...messaging.hears.map(subject), `${natsInboxPrefix(subjectPrefix, app)}.>`];
  return { publish: unique(publish), subscribe: unique(subscribe), allowResponses: messaging.serves.length > 0 || messaging.consumers.length > 0 };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export interface NatsUserEntry {
  user: string;
  /** Name of the nats-server configuration variable (or environment variable) holding the password. */
  passwordVariable: string;
  permissions?: NatsPermissions;
}

/** `NATS_PASSWORD_API_GATEWAY`: the variable nats-server reads the app's password from. */
export function natsPasswordVariable(user: string): string {
  return `NATS_PASSWORD_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** One user per app of the distributed run, with its permissions for this subject prefix. */
export function appNatsUsers(subjectPrefix: string): NatsUserEntry[] {
  return Object.entries(APP_MESSAGING).map(([app, messaging]) => ({
    user: app,
    passwordVariable: natsPasswordVariable(app),
    permissions: natsPermissions(app, messaging, subjectPrefix),
  }));
}

const quoted = (value: string) => JSON.stringify(value);
const list = (values: readonly string[], indent: string) => `[\n${values.map((v) => `${indent}  ${quoted(v)}`).join(',\n')}\n${indent}]`;

/**
 * The `authorization` block of nats-server's configuration. Passwords are variable references,
 * resolved by nats-server from its environment at start: the file holds no secret and can live in a
 * ConfigMap or the repository. A user without permissions may do anything (test harness only).
 */
export function natsAuthorizationConfig(users: readonly NatsUserEntry[], comment = ''): string {
  const entries = users.map(({ user, passwordVariable, permissions }) => {
    const lines = [`    {`, `      user: ${quoted(user)}`, `      password: $${passwordVariable}`];
    if (permissions) {
      lines.push(
        `      permissions: {`,
        `        publish: { allow: ${list(permissions.publish, '        ')} }`,
        `        subscribe: { allow: ${list(permissions.subscribe, '        ')} }`,
        ...(permissions.allowResponses ? [`        allow_responses: true`] : []),
        `      }`,
      );
    }
    lines.push(`    }`);
    return lines.join('\n');
  });
  const header = comment ? `${comment.split('\n').map((line) => `# ${line}`.trimEnd()).join('\n')}\n` : '';
  return `${header}authorization {\n  users: [\n${entries.join(',\n')}\n  ]\n}\n`;
}
