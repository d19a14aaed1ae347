import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TestOrganization, createMember } from './support/client';
import { eventually } from './support/eventually';
import { publicClient, portal, openPortal, submission } from './support/portal';
import { Receiver, createWebhook, webhookDeliveriesOf } from './support/receiver';
import { stackInfo, stackMode } from './support/stack-info';

const ERASURES = '/api/v1/intake/erasures';

/** Every text and JSON column of every table of the stack's database. */
async function textColumns(db: Client): Promise<{ schema: string; table: string; column: string; scoped: boolean }[]> {
  const { rows } = await db.query<{ schema: string; table: string; column: string; scoped: boolean }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column,
            EXISTS (SELECT 1 FROM information_schema.columns o
                     WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name AND o.column_name = 'organization_id') AS scoped
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar', '_json', '_jsonb'))`,
  );
  return rows;
}

/** A case-insensitive regular expression for the address with or without a +tag. */
const addressPattern = (email: string) => {
  const [local, domain] = email.toLowerCase().split('@');
  return `${local.replace(/\./g, '\\.')}(\\+[^@]*)?@${domain.replace(/\./g, '\\.')}`;
};

/**
 * Where `pattern` (case-insensitive) still matches in the database: rows of `organizationId` in
 * tables that have an organization, every row in those that have none.
 */
async function traces(pattern: string, organizationId: string): Promise<string[]> {
  const db = new Client({ connectionString: stackInfo().databaseUrl });
  await db.connect();
  try {
    const found: string[] = [];
    for (const { schema, table, column, scoped } of await textColumns(db)) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE "${column}"::text ~* $1 ${scoped ? 'AND organization_id = $2::uuid' : 'AND $2::uuid IS NOT NULL'}`,
        [pattern, organizationId],
      );
      if (rows[0].n > 0) found.push(`${schema}.${table}.${column}: ${rows[0].n}`);
    }
    return found;
  } finally {
    await db.end();
  }
}

describe('erasure of a stakeholder’s personal data (POST /intake/erasures)', () => {
  let receiver: Receiver;
  let org: TestOrganization;
  let neighbour: TestOrganization;
  const tag = randomBytes(4).toString('hex');
  const address = `pat.erase.${tag}@example.com`;
  const name = `Pat Erasable ${tag}`;
  const submissions: { mine: string; voted: string; other: string; theirs: string } = { mine: '', voted: '', other: '', theirs: '' };
  let firstAnswer: Record<string, number>;

  beforeAll(async () => {
    receiver = await Receiver.start();
    org = await openPortal();
    neighbour = await openPortal();
    const path = `/erasure-${tag}`;
    // A receiver may echo anything; the attempt log keeps the first 4 KB of its answer.
    receiver.replyAllFor(path, { status: 200, body: `thanks, we will write to ${address.toUpperCase()}` });
    const hook = await createWebhook(org, `${receiver.url}${path}`, ['intake.created']);
    const anonymous = publicClient();
    const submit = async (target: TestOrganization, over: Record<string, unknown>) => {
      const created = await anonymous.post(portal(target.organization.slug), submission(over));
      expect(created.status).toBe(200);
      return created.body.id as string;
    };
    submissions.mine = await submit(org, { title: 'Export to CSV', submitterName: name, submitterEmail: `Pat.Erase.${tag}+Portal@Example.COM` });
    submissions.voted = await submit(org, { title: 'Dark mode', submitterName: 'Someone Else', submitterEmail: `someone.${tag}@example.com` });
    submissions.other = await submit(org, { title: 'Keep me', submitterName: 'Kept Person', submitterEmail: `kept.${tag}@example.com` });
    submissions.theirs = await submit(neighbour, { title: 'Next door', submitterName: name, submitterEmail: address });
    const vote = await anonymous.post(`${portal(org.organization.slug)}/${submissions.voted}/votes`, { email: `PAT.ERASE.${tag}+votes@example.com` });
    expect(vote.status).toBe(200);
    await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d.length === 3 && d.every((x) => x.status === 'DELIVERED') });
  });
  afterAll(() => receiver.stop());

  it('removes the name and address from the submissions and votes, keeping their content and the vote', async () => {
    const erased = await org.api.post(ERASURES, { email: `pat.erase.${tag}+whatever@EXAMPLE.com` });
    expect(erased.status).toBe(200);
    firstAnswer = erased.body;
    expect(erased.body).toEqual({ submissions: 1, votes: 1, outbox: 0, events: 0, deliveries: 0, attempts: 3 });

    const mine = (await org.api.get(`/api/v1/intake/${submissions.mine}`)).body;
    expect(mine).toMatchObject({ submitterName: null, submitterEmail: null, title: 'Export to CSV', description: 'CSV would do', viaPortal: true });
    expect((await org.api.get(`/api/v1/intake/${submissions.voted}`)).body).toMatchObject({ votes: 1, submitterEmail: `someone.${tag}@example.com` });
    expect((await org.api.get(`/api/v1/intake/${submissions.other}`)).body).toMatchObject({ submitterName: 'Kept Person', submitterEmail: `kept.${tag}@example.com` });
  });

  it('leaves another organization’s data alone', async () => {
    expect((await neighbour.api.get(`/api/v1/intake/${submissions.theirs}`)).body).toMatchObject({ submitterName: name, submitterEmail: address });
  });

  it('is idempotent: a second erasure finds nothing', async () => {
    expect(firstAnswer).toBeDefined();
    const again = await org.api.post(ERASURES, { email: address });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ submissions: 0, votes: 0, outbox: 0, events: 0, deliveries: 0, attempts: 0 });
  });

  (stackMode() === 'distributed' ? it : it.skip)('leaves no trace of the address in any text or JSON column of the database (distributed run: the standalone database is inside the stack process)', async () => {
    expect(firstAnswer).toBeDefined();
    expect(await traces(addressPattern(address), org.organization.id)).toEqual([]);
    expect(await traces(name, org.organization.id)).toEqual([]);
    // The search can see: the neighbour's copies are still found.
    expect(await traces(addressPattern(address), neighbour.organization.id)).toEqual(['delivery.intake_submissions.submitter_email: 1']);
    expect(await traces(name, neighbour.organization.id)).toEqual(['delivery.intake_submissions.submitter_name: 1']);
  });

  it('refuses a malformed address and unknown fields, and is for ADMINs only', async () => {
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
