/**
 * The yardstick: the best single-process code we know for each work-item operation the benchmarks
 * measure, on the service's own tables. Bare Fastify + pg, every statement prepared (named), and the
 * same batching of concurrent lookups the service does (docs/benchmarks.md, "Method"). It is
 * deliberately self-contained (no Nest, no Prisma, no import of the service's SQL): the service may
 * change, the yardstick should not change with it.
 *
 * Organizations: `BENCH_API_KEYS` (JSON, API key → organization id) picks the organization from
 * `x-api-key`, as the gateway does after its hash-and-cache lookup; without a known key the request
 * runs for `BENCH_ORGANIZATION_ID`.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Pool, PoolClient } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
const defaultOrganizationId = process.env.BENCH_ORGANIZATION_ID;
const organizationsByKey = new Map<string, string>(Object.entries(JSON.parse(process.env.BENCH_API_KEYS ?? '{}') as Record<string, string>));
// The envelope version the service writes (libs/contracts API_VERSION); copied to stay self-contained.
const API_VERSION = '2026-07-13';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** Every field of the service's work-item response, in wire types (mirrors work-item.sql.ts). */
const COLUMNS = `
  w.id, w.number, w.title, w.description, w.type::text AS type, w.status::text AS status,
  w.priority::text AS priority, w.ad_hoc, w.carry_over_count, w.estimate, w.story_points,
  to_char(w.due_date, 'YYYY-MM-DD') AS due_date,
  w.ckr_id, w.opportunity_id, w.solution_id, w.experiment_id, w.linked_ckr_id,
  w.maintenance_category::text AS maintenance_category, w.discipline::text AS discipline,
  w.parent_id, w.sprint_id, w.assignee_id, w.reporter_id, w.reporter_source::text AS reporter_source,
  w.product_manager_id, w.experiment_kind::text AS experiment_kind,
  to_char(w.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(w.updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
  CASE WHEN COALESCE(cardinality(w.label_ids), 0) = 0 THEN '[]'::json ELSE COALESCE((
    SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY l.name, l.id)
      FROM delivery.labels l WHERE l.organization_id = w.organization_id AND l.id = ANY(w.label_ids)), '[]'::json) END AS labels,
  w.open_blocker_count AS blocked_by_count`;

const BY_ID = { name: 'ref_by_id', text: `SELECT ${COLUMNS} FROM delivery.work_items w WHERE w.organization_id = $1 AND w.id = $2` };

type Row = Record<string, unknown> & { id: string; number: number; status: string; blocked_by_count: number };

function toResponse(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    key: `WI-${row.number}`,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    priority: row.priority,
    adHoc: row.ad_hoc,
    carryOverCount: row.carry_over_count,
    estimate: row.estimate,
    storyPoints: row.story_points,
    dueDate: row.due_date,
    ckrId: row.ckr_id,
    opportunityId: row.opportunity_id,
    solutionId: row.solution_id,
    maintenanceCategory: row.maintenance_category,
    discipline: row.discipline,
    classification: row.ckr_id || row.linked_ckr_id ? 'ckr' : row.maintenance_category ? 'maintenance' : 'unclassified',
    parentId: row.parent_id,
    sprintId: row.sprint_id,
    assigneeId: row.assignee_id,
    reporterId: row.reporter_id,
    reporterSource: row.reporter_source,
    productManagerId: row.product_manager_id,
    experimentKind: row.experiment_kind,
    experimentId: row.experiment_id,
    labels: row.labels,
    blockedByCount: row.blocked_by_count,
    isBlocked: row.blocked_by_count > 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Ref = { by: 'id'; id: string } | { by: 'number'; number: number };

function parseRef(ref: string): Ref | undefined {
  if (UUID.test(ref)) return { by: 'id', id: ref.toLowerCase() };
  const number = /^wi-(\d{1,9})$/i.exec(ref)?.[1];
  return number ? { by: 'number', number: Number(number) } : undefined;
}

// ---- GET /work-items/{key}: lookups of one event-loop turn share one statement ----

interface Lookup {
  organizationId: string;
  ref: Ref;
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

const lookupKey = (organizationId: string, ref: Ref) => `${organizationId}/${ref.by === 'id' ? ref.id : `#${ref.number}`}`;
let waiting: Lookup[] = [];

function lookup(organizationId: string, ref: Ref): Promise<Row | undefined> {
  return new Promise((resolve, reject) => {
    if (waiting.push({ organizationId, ref, resolve, reject }) === 1) setImmediate(flushLookups);
  });
}

function flushLookups(): void {
  const batch = waiting;
  waiting = [];
  for (let i = 0; i < batch.length; i += 100) void runLookups(batch.slice(i, i + 100));
}

async function runLookups(batch: Lookup[]): Promise<void> {
  try {
    const found = new Map<string, Row>();
    if (batch.length === 1) {
      const [{ organizationId, ref }] = batch;
      const { rows } = await pool.query<Row>(
        ref.by === 'id'
          ? { ...BY_ID, values: [organizationId, ref.id] }
          : { name: 'ref_by_number', text: `SELECT ${COLUMNS} FROM delivery.work_items w WHERE w.organization_id = $1 AND w.number = $2`, values: [organizationId, ref.number] },
      );
      if (rows[0]) found.set(lookupKey(organizationId, ref), rows[0]);
    } else {
      const byId = batch.filter((l) => l.ref.by === 'id');
      const byNumber = batch.filter((l) => l.ref.by === 'number');
      const [idRows, numberRows] = await Promise.all([
        byId.length
          ? pool.query<Row & { organization_id: string }>({
              name: 'ref_many_by_id',
              text: `SELECT ${COLUMNS}, w.organization_id FROM delivery.work_items w
                JOIN unnest($1::uuid[], $2::uuid[]) AS wanted(organization_id, id) ON w.organization_id = wanted.organization_id AND w.id = wanted.id`,
              values: [byId.map((l) => l.organizationId), byId.map((l) => (l.ref as { id: string }).id)],
            })
          : { rows: [] },
        byNumber.length
          ? pool.query<Row & { organization_id: string }>({
              name: 'ref_many_by_number',
              text: `SELECT ${COLUMNS}, w.organization_id FROM delivery.work_items w
                JOIN unnest($1::uuid[], $2::int[]) AS wanted(organization_id, number) ON w.organization_id = wanted.organization_id AND w.number = wanted.number`,
              values: [byNumber.map((l) => l.organizationId), byNumber.map((l) => (l.ref as { number: number }).number)],
            })
          : { rows: [] },
      ]);
      for (const { organization_id: organizationId, ...row } of idRows.rows) found.set(lookupKey(organizationId, { by: 'id', id: row.id }), row as Row);
      for (const { organization_id: organizationId, ...row } of numberRows.rows) found.set(lookupKey(organizationId, { by: 'number', number: row.number }), row as Row);
    }
    for (const entry of batch) entry.resolve(found.get(lookupKey(entry.organizationId, entry.ref)));
  } catch (error) {
    for (const entry of batch) entry.reject(error);
  }
}

// ---- writes: one transaction each, the rows the service writes ----

async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The envelope around an already serialised item, so that the item is stringified once per request. */
function envelope(id: string, event: string, organizationId: string, dataJson: string): string {
  return `{"id":"${id}","event":"${event}","apiVersion":"${API_VERSION}","createdAt":"${new Date().toISOString()}","organizationId":"${organizationId}","data":${dataJson}}`;
}

const INSERT_OUTBOX = `INSERT INTO delivery.outbox (id, organization_id, event_type, payload, request_id, traceparent)
  VALUES ($1::uuid, $2::uuid, $3, $4::jsonb, NULL, NULL)`;

/** Body fields of a create (camelCase) and their columns; the rest of the service's DTO is not measured. */
const CREATE_FIELDS: Record<string, string> = { title: 'title', type: 'type', description: 'description', priority: 'priority', status: 'status', estimate: 'estimate', storyPoints: 'story_points' };
const createStatements = new Map<string, { name: string; text: string }>();

/** The service's create statement (key counter, insert, wire row), one prepared statement per column set. */
function createStatement(columns: string[]): { name: string; text: string } {
  const signature = columns.join(',');
  let statement = createStatements.get(signature);
  if (!statement) {
    statement = {
      name: `ref_create_${createStatements.size}`,
      text: `WITH seq AS (
          INSERT INTO delivery.key_sequences (organization_id, scope, value) VALUES ($1::uuid, 'work_item', 1)
          ON CONFLICT (organization_id, scope) DO UPDATE SET value = key_sequences.value + 1 RETURNING value),
        w AS (
          INSERT INTO delivery.work_items (id, organization_id, number${columns.map((c) => `, ${c}`).join('')})
          SELECT gen_random_uuid(), $1::uuid, seq.value${columns.map((c) => `, r.${c}`).join('')}
            FROM seq, jsonb_populate_record(NULL::delivery.work_items, $2::jsonb) r
          RETURNING *)
        SELECT ${COLUMNS} FROM w`,
    };
    createStatements.set(signature, statement);
  }
  return statement;
}

const STATUSES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'TESTING_LOCAL', 'DEPLOY', 'TESTING_LIVE', 'DONE', 'CANCELLED'];
const intakeStage = (status: string) =>
  status === 'BACKLOG' || status === 'TODO' ? 'IN_PREPARATION' : status === 'DONE' || status === 'CANCELLED' ? 'DONE' : 'IN_PROGRESS';

// Unknown body fields are a 400, as at the gateway (Fastify's default would strip them silently).
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });

function organizationOf(headers: Record<string, unknown>): string | undefined {
  const key = headers['x-api-key'];
  return (typeof key === 'string' && organizationsByKey.get(key)) || defaultOrganizationId;
}

app.get<{ Params: { ref: string } }>('/api/v1/work-items/:ref', async (request, reply) => {
  const organizationId = organizationOf(request.headers);
  if (!organizationId) return reply.code(401).send({ error: 'Unauthorized', message: 'unknown API key' });
  const ref = parseRef(request.params.ref);
  const row = ref && (await lookup(organizationId, ref));
  if (!row) return reply.code(404).send({ error: 'NotFound', message: 'Work item not found' });
  return toResponse(row);
});

/** The service's list shape: status filter, ordered by key number, one extra row reveals the next page. */
app.get<{ Querystring: { status?: string; limit?: string; cursor?: string } }>('/api/v1/work-items', async (request, reply) => {
  const organizationId = organizationOf(request.headers);
  if (!organizationId) return reply.code(401).send({ error: 'Unauthorized', message: 'unknown API key' });
  const statuses = request.query.status?.split(',') ?? STATUSES;
  const limit = request.query.limit === undefined ? 100 : Number(request.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500 || statuses.some((s) => !STATUSES.includes(s))) {
    return reply.code(400).send({ error: 'BadRequest', message: 'Invalid query' });
  }
  let after: number | undefined;
  if (request.query.cursor) {
    try {
      const [version, sortValue, id] = JSON.parse(Buffer.from(request.query.cursor, 'base64url').toString('utf8')) as string[];
      if (version === 'c1' && /^\d{1,10}$/.test(sortValue) && UUID.test(id)) after = Number(sortValue);
    } catch {
      // answered below
    }
    if (after === undefined) return reply.code(400).send({ error: 'BadRequest', message: 'cursor is not a cursor this API issued' });
  }
  const where = 'w.organization_id = $1 AND w.status::text = ANY($2::text[])';
  const { rows } = await pool.query<Row>(
    after === undefined
      ? { name: 'ref_list', text: `SELECT ${COLUMNS} FROM delivery.work_items w WHERE ${where} ORDER BY w.number LIMIT $3`, values: [organizationId, statuses, limit + 1] }
      : {
          name: 'ref_list_after',
          text: `SELECT ${COLUMNS} FROM delivery.work_items w WHERE ${where} AND w.number > $4 ORDER BY w.number LIMIT $3`,
          values: [organizationId, statuses, limit + 1, after],
        },
  );
  if (rows.length > limit) {
    rows.length = limit;
    const last = rows[limit - 1];
    const cursor = Buffer.from(JSON.stringify(['c1', String(last.number), last.id])).toString('base64url');
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('cursor', cursor);
    void reply.header('X-Next-Cursor', cursor).header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return rows.map(toResponse);
});

const createBody = {
  type: 'object',
  required: ['title', 'type'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 2, maxLength: 200 },
    type: { enum: ['FEATURE', 'EPIC', 'STORY', 'TASK', 'BUG', 'SPIKE', 'IMPROVEMENT'] },
    description: { type: 'string' },
    priority: { enum: ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] },
    status: { enum: STATUSES },
    estimate: { type: 'integer', minimum: 0, maximum: 2147483647 },
    storyPoints: { type: 'integer', minimum: 0, maximum: 2147483647 },
  },
};

app.post<{ Body: Record<string, unknown> }>('/api/v1/work-items', { schema: { body: createBody } }, async (request, reply) => {
  const organizationId = organizationOf(request.headers);
  if (!organizationId) return reply.code(401).send({ error: 'Unauthorized', message: 'unknown API key' });
  // The columns the service always writes on a create, then the fields given.
  const fields: Record<string, unknown> = { linked_ckr_id: null, mentioned_user_ids: [], label_ids: [], due_date: null };
  for (const [field, column] of Object.entries(CREATE_FIELDS)) if (request.body[field] !== undefined) fields[column] = request.body[field];
  const statement = createStatement(Object.keys(fields));
  const json = await inTransaction(async (client) => {
    const { rows } = await client.query<Row>({ ...statement, values: [organizationId, JSON.stringify(fields)] });
    const item = JSON.stringify(toResponse(rows[0]));
    const id = randomUUID();
    await client.query({ name: 'ref_outbox', text: INSERT_OUTBOX, values: [id, organizationId, 'work_item.created', envelope(id, 'work_item.created', organizationId, item)] });
    return item;
  });
  // The contract answers 200 to creations too.
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
});

const patchBody = { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { enum: STATUSES } } };
const LOCK_BY = (column: string) => `SELECT id, status::text AS status FROM delivery.work_items WHERE organization_id = $1 AND ${column} = $2 FOR UPDATE`;

/**
 * A status change as the service makes it: the row locked, the status and updatedAt set, an intake
 * submission that follows the item moved along, `work_item.updated` and `work_item.status_changed`
 * (with previousStatus) in the outbox; a body that changes nothing writes nothing.
 */
app.patch<{ Params: { ref: string }; Body: { status: string } }>('/api/v1/work-items/:ref', { schema: { body: patchBody } }, async (request, reply) => {
  const organizationId = organizationOf(request.headers);
  if (!organizationId) return reply.code(401).send({ error: 'Unauthorized', message: 'unknown API key' });
  const ref = parseRef(request.params.ref);
  if (!ref) return reply.code(404).send({ error: 'NotFound', message: 'Work item not found' });
  const status = request.body.status;
  const json = await inTransaction(async (client) => {
    const locked = await client.query<{ id: string; status: string }>(
      ref.by === 'id'
        ? { name: 'ref_lock_by_id', text: LOCK_BY('id'), values: [organizationId, ref.id] }
        : { name: 'ref_lock_by_number', text: LOCK_BY('number'), values: [organizationId, ref.number] },
    );
    const current = locked.rows[0];
    if (!current) return undefined;
    if (current.status === status) {
      const { rows } = await client.query<Row>({ ...BY_ID, values: [organizationId, current.id] });
      return JSON.stringify(toResponse(rows[0]));
    }
    const { rows } = await client.query<Row>({
      name: 'ref_set_status',
      text: `WITH w AS (
          UPDATE delivery.work_items SET status = $3::text::delivery."WorkItemStatus",
                 updated_at = GREATEST(now(), updated_at + interval '1 millisecond')
           WHERE organization_id = $1 AND id = $2 RETURNING *),
        follow AS (
          UPDATE delivery.intake_submissions
             SET stage = $4::text::delivery."IntakeStage",
                 completed_at = CASE WHEN $4::text = 'DONE' THEN COALESCE(completed_at, now()) ELSE NULL END, updated_at = now()
           WHERE organization_id = $1 AND work_item_id = $2 AND stage::text <> $4::text)
        SELECT ${COLUMNS} FROM w`,
      values: [organizationId, current.id, status, intakeStage(status)],
    });
    const item = JSON.stringify(toResponse(rows[0]));
    const changed = `${item.slice(0, -1)},"previousStatus":"${current.status}"}`;
    const [updatedId, changedId] = [randomUUID(), randomUUID()];
    await client.query({
      name: 'ref_outbox_status',
      text: `INSERT INTO delivery.outbox (id, organization_id, event_type, payload, request_id, traceparent)
        VALUES ($1::uuid, $3::uuid, 'work_item.updated', $4::jsonb, NULL, NULL), ($2::uuid, $3::uuid, 'work_item.status_changed', $5::jsonb, NULL, NULL)`,
      values: [
        updatedId,
        changedId,
        organizationId,
        envelope(updatedId, 'work_item.updated', organizationId, item),
        envelope(changedId, 'work_item.status_changed', organizationId, changed),
      ],
    });
    return item;
  });
  if (json === undefined) return reply.code(404).send({ error: 'NotFound', message: 'Work item not found' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
});

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.stdout.write('ready\n'));
