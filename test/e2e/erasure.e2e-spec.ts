import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { TestOrganization, createMember } from './support/client';
import { Sql, withDataDirDatabase } from './support/data-dir-database';
import { eventually } from './support/eventually';
import { publicClient, portal, openPortal, submission } from './support/portal';
import { Receiver, createWebhook, webhookDeliveriesOf } from './support/receiver';
import { stackInfo, stackMode } from './support/stack-info';

const ERASURES = '/api/v1/intake/erasures';

/** Every text and JSON column of every table of the database. */
function textColumns(db: Sql): Promise<{ schema: string; table: string; column: string; scoped: boolean }[]> {
  return db.query(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column,
            EXISTS (SELECT 1 FROM information_schema.columns o
                     WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name AND o.column_name = 'organization_id') AS scoped
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar', '_json', '_jsonb'))`,
    [],
  );
}

/** A case-insensitive regular expression for the address with or without a +tag. */
const addressPattern = (email: string) => {
  const [local, domain] = email.toLowerCase().split('@');
  return `${local.replace(/\./g, '\\.')}(\\+[^@]*)?@${domain.replace(/\./g, '\\.')}`;
};

/**
 * Where `pattern` (case-insensitive) still matches in the database: rows of `organizationId` in
 * tables that have an organization, every row in those that have none. The one scan of both runs.
 */
async function traces(db: Sql, pattern: string, organizationId: string): Promise<string[]> {
  const found: string[] = [];
  for (const { schema, table, column, scoped } of await textColumns(db)) {
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE "${column}"::text ~* $1 ${scoped ? 'AND organization_id = $2::uuid' : 'AND $2::uuid IS NOT NULL'}`,
      [pattern, organizationId],
    );
    if (n > 0) found.push(`${schema}.${table}.${column}: ${n}`);
  }
  return found;
}

/** The distributed stack's PostgreSQL, for `scan`. */
async function withStackDatabase<T>(scan: (db: Sql) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: stackInfo().databaseUrl });
  await client.connect();
  try {
    return await scan({ query: async <R>(text: string, params: readonly unknown[]) => (await client.query(text, [...params])).rows as R[] });
  } finally {
    await client.end();
  }
}

/** What `seedErasable` made: a person's name and address in one organization and in its neighbour. */
interface Erasable {
  org: TestOrganization;
  neighbour: TestOrganization;
  address: string;
  name: string;
  submissions: { mine: string; trashed: string; voted: string; other: string; theirs: string };
  hook: { id: string };
}

/**
 * A stakeholder's name and address everywhere a stack keeps them before an erasure: portal
 * submissions in two organizations (one of them, in the trash), a vote under a +tag, REST changes
 * to the submissions (audit entries), events, and webhook deliveries to `receiver`, whose answer
 * echoes the address into the attempt log.
 */
async function seedErasable(receiver: Receiver, baseUrl = stackInfo().apiUrl): Promise<Erasable> {
  const tag = randomBytes(4).toString('hex');
  const address = `pat.erase.${tag}@example.com`;
  const name = `Pat Erasable ${tag}`;
  const org = await openPortal(baseUrl);
  const neighbour = await openPortal(baseUrl);
  const hookPath = `/erasure-${tag}`;
  // A receiver may echo anything; the attempt log keeps the first 4 KB of its answer.
  receiver.replyAllFor(hookPath, { status: 200, body: `thanks, we will write to ${address.toUpperCase()}` });
  const hook = await createWebhook(org, `${receiver.url}${hookPath}`, ['intake.created']);
  const anonymous = publicClient(baseUrl);
  const submit = async (target: TestOrganization, over: Record<string, unknown>) => {
    const created = await anonymous.post(portal(target.organization.slug), submission(over));
    expect(created.status).toBe(200);
    return created.body.id as string;
  };
  const submissions = {
    mine: await submit(org, { title: 'Export to CSV', submitterName: name, submitterEmail: `Pat.Erase.${tag}+Portal@Example.COM` }),
    trashed: await submit(org, { title: 'Import from CSV', submitterName: name, submitterEmail: address }),
    voted: await submit(org, { title: 'Dark mode', submitterName: 'Someone Else', submitterEmail: `someone.${tag}@example.com` }),
    other: await submit(org, { title: 'Keep me', submitterName: 'Kept Person', submitterEmail: `kept.${tag}@example.com` }),
    theirs: await submit(neighbour, { title: 'Next door', submitterName: name, submitterEmail: address }),
  };
  const vote = await anonymous.post(`${portal(org.organization.slug)}/${submissions.voted}/votes`, { email: `PAT.ERASE.${tag}+votes@example.com` });
  expect(vote.status).toBe(200);
  expect((await org.api.patch(`/api/v1/intake/${submissions.mine}`, { stage: 'IN_PREPARATION' })).status).toBe(200);
  // The erasure reaches a submission in the trash too: a restore must not bring the address back.
  expect((await org.api.delete(`/api/v1/intake/${submissions.trashed}`)).status).toBe(200);
  await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d.length === 4 && d.every((x) => x.status === 'DELIVERED') });
  return { org, neighbour, address, name, submissions, hook };
}

/** The scan of a database after `seeded`'s erasure: nothing of the person is left in their organization. */
async function expectNoTraces(db: Sql, seeded: Erasable): Promise<void> {
  const { address, name, org, neighbour } = seeded;
  expect(await traces(db, addressPattern(address), org.organization.id)).toEqual([]);
  expect(await traces(db, name, org.organization.id)).toEqual([]);
  // The search can see: the neighbour's copies are still found.
  expect(await traces(db, addressPattern(address), neighbour.organization.id)).toEqual(['delivery.intake_submissions.submitter_email: 1']);
  expect(await traces(db, name, neighbour.organization.id)).toEqual(['delivery.intake_submissions.submitter_name: 1']);
}

describe('erasure of a stakeholder’s personal data (POST /intake/erasures)', () => {
  let receiver: Receiver;
  let seeded: Erasable;
  let firstAnswer: Record<string, number>;

  beforeAll(async () => {
    receiver = await Receiver.start();
    seeded = await seedErasable(receiver);
  });
  afterAll(() => receiver.stop());

  it('removes the name and address from the submissions and votes, in the trash too, keeping their content and the vote', async () => {
    const { org, submissions } = seeded;
    const [local] = seeded.address.split('@');
    const erased = await org.api.post(ERASURES, { email: `${local}+whatever@EXAMPLE.com` });
    expect(erased.status).toBe(200);
    firstAnswer = erased.body;
    expect(erased.body).toEqual({ submissions: 2, votes: 1, outbox: 0, events: 0, deliveries: 0, attempts: 4 });

    const mine = (await org.api.get(`/api/v1/intake/${submissions.mine}`)).body;
    expect(mine).toMatchObject({ submitterName: null, submitterEmail: null, title: 'Export to CSV', description: 'CSV would do', viaPortal: true, stage: 'IN_PREPARATION' });
    expect((await org.api.post(`/api/v1/trash/${submissions.trashed}/restore`)).status).toBe(200);
    expect((await org.api.get(`/api/v1/intake/${submissions.trashed}`)).body).toMatchObject({ submitterName: null, submitterEmail: null, title: 'Import from CSV' });
    expect((await org.api.get(`/api/v1/intake/${submissions.voted}`)).body).toMatchObject({ votes: 1, submitterEmail: expect.stringMatching(/^someone\./) });
    expect((await org.api.get(`/api/v1/intake/${submissions.other}`)).body).toMatchObject({ submitterName: 'Kept Person', submitterEmail: expect.stringMatching(/^kept\./) });
  });

  it('leaves another organization’s data alone', async () => {
    const { neighbour, submissions, name, address } = seeded;
    expect((await neighbour.api.get(`/api/v1/intake/${submissions.theirs}`)).body).toMatchObject({ submitterName: name, submitterEmail: address });
  });

  it('is idempotent: a second erasure finds nothing', async () => {
    expect(firstAnswer).toBeDefined();
    const again = await seeded.org.api.post(ERASURES, { email: seeded.address });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ submissions: 0, votes: 0, outbox: 0, events: 0, deliveries: 0, attempts: 0 });
  });

  it('leaves no trace of the address in any text or JSON column of the database', async () => {
    if (stackMode() === 'distributed') {
      expect(firstAnswer).toBeDefined();
      await withStackDatabase((db) => expectNoTraces(db, seeded));
      return;
    }
    // The standalone stack's PGlite lives inside its process: a server of this test's own is
    // seeded, erased and stopped, and its DATA_DIR opened here.
    const work = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-erasure-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawnApp('standalone', { env: { ...stackInfo().env, PORT: String(port), DATA_DIR: work }, logFile: path.join(stackInfo().logDir, `erasure-${port}.log`) });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitUntilReady(url, child, 90_000);
      const own = await seedErasable(receiver, url);
      const erased = await own.org.api.post(ERASURES, { email: own.address.toUpperCase() });
      expect(erased.body).toMatchObject({ submissions: 2, votes: 1, attempts: 4 });
      // A graceful stop: the server flushes and closes its database, and frees DATA_DIR's lock.
      await stopProcesses([child], 30_000);
      expect(await exit).toBe(0);
      await withDataDirDatabase(work, (db) => expectNoTraces(db, own));
    } finally {
      await stopProcesses([child]);
      rmSync(work, { recursive: true, force: true });
    }
  }, 240_000);

  it('refuses a malformed address and unknown fields, and is for ADMINs only', async () => {
    const { org, address } = seeded;
    expect((await org.api.post(ERASURES, { email: 'not an address' })).status).toBe(400);
    expect((await org.api.post(ERASURES, { email: address, name: 'x' })).status).toBe(400);
    expect((await org.api.post(ERASURES, {})).status).toBe(400);
    for (const role of ['PM', 'DEV', 'STAKEHOLDER', 'GUEST']) {
      const member = await createMember(org, role);
      const response = await member.api.post(ERASURES, { email: address });
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
    }
  });
});
