/**
 * The scale benchmark's data set, written straight into the scale cluster in bulk (INSERT … SELECT
 * over generate_series, after applyMigrations): minutes instead of the hours the API would take.
 *
 * Groups of organizations, each seeded by the same statements so that two sizes differ in size only:
 * - `large`: SCALE_ITEMS work items (default 1,000,000) and everything the issue lists, scaled to it;
 * - `small`: SCALE_SMALL_ITEMS (default 10,000), the same shape at 1/100;
 * - `many`: SCALE_MANY_ORGS organizations (default 1,000) × SCALE_MANY_ITEMS work items (1,000).
 * A "rich" group also gets intake, discovery, artifacts, webhook deliveries and stored events, each
 * scaled by items / 1,000,000 (the issue's counts at 1M). Ids are md5-derived from (group, org, n), shaped as version-4 UUIDs,
 * so statements can refer to each other's rows without lookups. Triggers are bypassed
 * (session_replication_role = replica) and the counters they keep (open_blocker_count, vote_count)
 * are computed afterwards; key counters are set to the highest number seeded, so the next create
 * gets the next key. Subscriptions are seeded inactive: the bench's writes must not fan out to
 * URLs nobody listens on.
 */
import { hashApiKey, displayPrefix, generateApiKey } from '@pds/auth';
import { Client } from 'pg';
import { migrateScaleDatabase } from './cluster';

export interface SeedGroup {
  name: string;
  organizations: number;
  items: number;
  users: number;
  /** true: everything below; 'text': only the other searched texts (intake and discovery), for the search bench. */
  rich: boolean | 'text';
}

export interface SeededOrganization {
  group: string;
  organizationId: string;
  apiKey: string;
}

export interface SeedReport {
  groups: SeedGroup[];
  organizations: SeededOrganization[];
  steps: { step: string; seconds: number; rows: number }[];
  seconds: number;
}

export const DEFAULT_GROUPS = (): SeedGroup[] => [
  { name: 'small', organizations: 1, items: Number(process.env.SCALE_SMALL_ITEMS ?? 10_000), users: 20, rich: true },
  { name: 'large', organizations: 1, items: Number(process.env.SCALE_ITEMS ?? 1_000_000), users: 200, rich: true },
  { name: 'many', organizations: Number(process.env.SCALE_MANY_ORGS ?? 1_000), items: Number(process.env.SCALE_MANY_ITEMS ?? 1_000), users: 5, rich: false },
];

/** The issue's counts per 1,000,000 work items. */
const PER_MILLION = {
  intake: 50_000,
  opportunities: 20_000,
  interviews: 5_000,
  artifacts: 2_000_000,
  deliveries: 5_000_000,
  events: 5_000_000,
};
const LABELS = 30;
const CONNECTIONS = 10;
const SUBSCRIPTIONS = 5;
/** The work item every group's organizations link 5,000 artifacts to (when they have that many). */
export const ARTIFACT_FOCUS_NUMBER = 42;
export const ARTIFACT_FOCUS_LINKS = 5_000;
/** The opportunity with 200 linked records: 100 insights, 50 solutions, 50 work items. */
export const DISCOVERY_FOCUS_NUMBER = 1;
/** Words seeded rarely (about one item in 100,000, one interview in 1,000), for the rare-word search. */
export const RARE_WORD = 'quokka';
export const TRANSCRIPT_PHRASE = 'the onboarding checklist kept timing out on the invoice export';

const WORDS = (
  'account admin alert analytics api approval archive audit backlog badge billing board bug build cache calendar campaign ' +
  'cart chart checkout client cloud comment config connector contract crash customer dashboard data deadline deploy design ' +
  'device digest discount document domain draft email endpoint error escalation event export feature feedback field filter ' +
  'flag form funnel gateway graph guest import incident index integration invoice issue job key label latency layout lead ' +
  'license limit link list login map marketing menu merge metric migration mobile modal module notification onboarding ' +
  'order owner page partner password payment permission pipeline plan platform policy portal preview pricing profile ' +
  'project query queue quota rate release report request retry review role rollout route schedule schema search ' +
  'security segment server session settings signup sprint storage subscription support sync tag task team template ' +
  'tenant test theme ticket timeline token tooltip tracking trial upgrade upload usage user validation vendor version ' +
  'webhook widget workflow workspace add allow avoid break change check clean close create delete detect disable enable ' +
  'fail fix handle hide improve load lock move open parse prevent reduce refresh remove rename reset resolve restore ' +
  'retry save send show sort split start stop support switch update validate slow broken missing duplicate empty stale ' +
  'wrong large small new old first last every when after before during under with without for from into between'
).split(' ');

/**
 * A 31-bit linear congruential sequence seeded by n, the same on every run. In 32-bit integer
 * arithmetic (Math.imul): in doubles, `h * 1103515245` passes 2^53 and loses its low bits, and the
 * sequence's values were then multiples of 2^k, so `% 4` was 0 for nearly every n (no description)
 * and `% WORDS.length` picked a few words (docs/benchmarks.md, "Scale", the sixth sitting).
 */
function randomFrom(n: number, multiplier: number): () => number {
  let h = Math.imul(n, multiplier) >>> 0;
  return () => (h = (Math.imul(h, 1103515245) + 12345) & 0x7fffffff);
}

/**
 * A title as the seed writes them (3–11 words of its vocabulary), for the benches' own creates: the
 * newest items then read like the others, as a team's new items do, and a later run's searches find
 * their words among the newest rows, not a run of "bench item" titles (docs/benchmarks.md, "Scale").
 */
export function seededTitle(n: number): string {
  const next = randomFrom(n, 2654435761);
  const length = 3 + (next() % 9);
  return Array.from({ length }, () => WORDS[next() % WORDS.length]).join(' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * A description as the seed writes them for three items in four (20–150 words of its vocabulary, a
 * sentence every 11 words; none for the fourth), for the benches' own creates with seededTitle: with
 * titles only, the newest 2,000 items of a kept cluster (the benches' creates) matched few of the
 * searched texts, which the seed's items match mostly by description, so every search of the large
 * organization took the older path (docs/benchmarks.md, "Scale").
 */
export function seededDescription(n: number): string | undefined {
  const next = randomFrom(n, 2246822519);
  if (next() % 4 === 0) return undefined;
  const length = 20 + (next() % 131);
  const words = Array.from({ length }, (_, i) => WORDS[next() % WORDS.length] + ((i + 1) % 11 === 0 ? '.' : ''));
  return `${words.join(' ')}.`;
}

/** A create's body as the seed's items read: seededTitle and seededDescription. */
export function seededItem(n: number): { title: string; description?: string; type: 'TASK' } {
  const description = seededDescription(n);
  return { title: seededTitle(n), ...(description ? { description } : {}), type: 'TASK' };
}

/**
 * A creation time per row, the n-th of `count` spread over two years and none equal: one INSERT's
 * `now()` gave a table one time for all rows, and the searches' newest-first walk, bounded by the
 * time of the NEWEST_WALK-th row, then found no row newer than it (docs/benchmarks.md, "Scale").
 */
const spread = (n: string, count: number) => `now() - ((${count} + 1 - ${n})::float8 / ${count}) * interval '700 days'`;

const organizationId = (group: string) => `scale_text.id('org:${group}:' || k)::uuid`;
const idOf = (kind: string, group: string, n: string) => `scale_text.id('${kind}:${group}:' || k || ':' || ${n})::uuid`;
/** A 32-bit hash of (n, k): the seeded rows' pseudo-random choices, the same on every run. */
const HASH = `((n::bigint * 2654435761 + k::bigint * 40503) % 4294967296)`;
const scaled = (group: SeedGroup, perMillion: number, minimum: number) => Math.max(minimum, Math.round((perMillion * group.items) / 1_000_000));

export async function seedScale(url: string, groups: SeedGroup[] = DEFAULT_GROUPS(), log: (line: string) => void = () => undefined): Promise<SeedReport> {
  await migrateScaleDatabase(url);
  const db = new Client({ connectionString: url, application_name: 'pds-bench-harness' });
  await db.connect();
  const steps: SeedReport['steps'] = [];
  const started = Date.now();
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t0 = Date.now();
    const result = await db.query(sql, params);
    const seconds = (Date.now() - t0) / 1000;
    steps.push({ step: name, seconds, rows: result.rowCount ?? 0 });
    log(`  ${name}: ${result.rowCount ?? 0} rows, ${seconds.toFixed(1)} s`);
  };
  const organizations: SeededOrganization[] = [];
  try {
    await db.query(`SET session_replication_role = replica; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET synchronous_commit = off`);
    await step('text tables', textTablesSql());
    for (const group of groups) {
      log(`group ${group.name}: ${group.organizations} organization(s) × ${group.items} work items`);
      const keys = Array.from({ length: group.organizations }, () => generateApiKey());
      await seedIdentity(step, group, keys);
      keys.forEach((apiKey, i) => organizations.push({ group: group.name, apiKey, organizationId: '' + i }));
      await seedDelivery(step, group);
      if (group.rich) {
        await seedIntake(step, group);
        await seedStrategy(step, group);
      }
      if (group.rich === true) {
        await seedArtifacts(step, group);
        await seedWebhooks(step, group);
      }
    }
    const ids = await db.query<{ group: string; k: number; id: string }>(
      `SELECT g AS group, k, scale_text.id('org:' || g || ':' || k)::uuid::text AS id FROM unnest($1::text[], $2::int[]) AS x(g, k)`,
      [organizations.map((o) => o.group), organizations.map((o) => Number(o.organizationId) + 1)],
    );
    ids.rows.forEach((row, i) => (organizations[i].organizationId = row.id));
    await step('drop text tables', 'DROP SCHEMA scale_text CASCADE');
    const t0 = Date.now();
    await db.query('VACUUM (ANALYZE)');
    steps.push({ step: 'vacuum analyze', seconds: (Date.now() - t0) / 1000, rows: 0 });
    log(`  vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
  return { groups, organizations, steps, seconds: (Date.now() - started) / 1000 };
}

type Step = (name: string, sql: string, params?: unknown[]) => Promise<void>;

/** Titles (3–11 words) and paragraphs (20–150 words) from the word list; rows pick them by hash. */
function textTablesSql(): string {
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const pick = `(${words})[1 + floor(random() * ${WORDS.length})::int]`;
  return `DROP SCHEMA IF EXISTS scale_text CASCADE;
    CREATE SCHEMA scale_text;
    -- md5 as a version-4 UUID: the service validates ids as UUIDs, version and variant included.
    CREATE FUNCTION scale_text.id(text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$ SELECT overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$;
    CREATE TABLE scale_text.titles (id int PRIMARY KEY, t text NOT NULL);
    CREATE TABLE scale_text.paragraphs (id int PRIMARY KEY, t text NOT NULL);
    INSERT INTO scale_text.titles
      SELECT g, initcap(left(s, 1)) || substr(s, 2) FROM (
        SELECT g, (SELECT string_agg(${pick}, ' ') FROM generate_series(1, 3 + g % 9) w WHERE g > 0) AS s FROM generate_series(1, 50000) g) x;
    INSERT INTO scale_text.paragraphs
      SELECT g, (SELECT string_agg(${pick} || CASE WHEN w % 11 = 0 THEN '.' ELSE '' END, ' ') FROM generate_series(1, 20 + (g * 7919) % 131) w WHERE g > 0) || '.'
        FROM generate_series(1, 20000) g;`;
}

async function seedIdentity(step: Step, group: SeedGroup, keys: string[]): Promise<void> {
  const g = group.name;
  await step(
    `${g}: organizations`,
    `INSERT INTO identity.organizations (id, name, slug, updated_at)
       SELECT ${organizationId(g)}, 'Scale ${g} ' || k, 'scale-${g}-' || k, now() FROM generate_series(1, ${group.organizations}) k`,
  );
  await step(
    `${g}: users`,
    `INSERT INTO identity.users (id, organization_id, email, name, role, updated_at)
       SELECT ${idOf('u', g, 'u')}, ${organizationId(g)}, 'user' || u || '@scale-${g}-' || k || '.example.com', 'User ' || u,
              (CASE WHEN u = 1 THEN 'ADMIN' WHEN u % 5 = 0 THEN 'PM' ELSE 'DEV' END)::identity."Role", now()
         FROM generate_series(1, ${group.organizations}) k, generate_series(1, ${group.users}) u`,
  );
  await step(
    `${g}: api keys`,
    `INSERT INTO identity.api_keys (id, organization_id, user_id, name, role, prefix, hash)
       SELECT scale_text.id('key:${g}:' || k)::uuid, ${organizationId(g)}, scale_text.id('u:${g}:' || k || ':1')::uuid, 'Scale bench key', 'ADMIN', prefix, hash
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(prefix, hash, k)`,
    [keys.map(displayPrefix), keys.map(hashApiKey)],
  );
}

async function seedDelivery(step: Step, group: SeedGroup): Promise<void> {
  const g = group.name;
  const K = group.organizations;
  const N = group.items;
  const sprints = Math.max(2, Math.round(N / 2000));
  const orgs = `generate_series(1, ${K}) k`;
  await step(`${g}: labels`, `INSERT INTO delivery.labels (id, organization_id, name, color)
     SELECT ${idOf('lb', g, 'l')}, ${organizationId(g)}, 'label-' || l, '#' || lpad(to_hex((l * 7919) % 16777216), 6, '0') FROM ${orgs}, generate_series(1, ${LABELS}) l`);
  await step(`${g}: sprints`, `INSERT INTO delivery.sprints (id, organization_id, name, start_date, end_date, status, updated_at)
     SELECT ${idOf('sp', g, 's')}, ${organizationId(g)}, 'Sprint ' || s, d, d + 13,
            (CASE WHEN s = ${sprints} THEN 'ACTIVE' ELSE 'COMPLETED' END)::delivery."SprintStatus", now()
       FROM ${orgs}, generate_series(1, ${sprints}) s, LATERAL (SELECT (current_date - 14 * (${sprints} - s + 1))::date AS d) x`);
  const statuses = `ARRAY['BACKLOG','TODO','IN_PROGRESS','IN_REVIEW','TESTING_LOCAL','DEPLOY','TESTING_LIVE','DONE','DONE','DONE','CANCELLED']`;
  // Items spread over three years, oldest first; one in 50 is an epic, 40 % of the rest are its children.
  await step(`${g}: work items`, `INSERT INTO delivery.work_items (id, organization_id, number, title, description, type, status, priority,
       assignee_id, reporter_id, sprint_id, parent_id, label_ids, story_points, created_at, updated_at, archived_at, deleted_at, deleted_by)
     SELECT ${idOf('wi', g, 'n')}, ${organizationId(g)}, n,
            t.t || CASE WHEN n % 100003 = 7 THEN ' ${RARE_WORD}' ELSE '' END,
            CASE WHEN h % 4 = 0 THEN NULL ELSE p.t END,
            (CASE WHEN n % 50 = 1 THEN 'EPIC' ELSE (ARRAY['FEATURE','STORY','TASK','BUG','SPIKE','IMPROVEMENT'])[1 + h % 6] END)::delivery."WorkItemType",
            st::delivery."WorkItemStatus",
            (ARRAY['LOW','MEDIUM','MEDIUM','HIGH','CRITICAL'])[1 + (h >> 4) % 5]::delivery."Priority",
            CASE WHEN h % 10 = 0 THEN NULL ELSE scale_text.id('u:${g}:' || k || ':' || (1 + (h >> 5) % ${group.users}))::uuid END,
            scale_text.id('u:${g}:' || k || ':' || (1 + (h >> 7) % ${group.users}))::uuid,
            CASE WHEN (h >> 9) % 10 < 6 THEN scale_text.id('sp:${g}:' || k || ':' || (1 + ((n - 1)::bigint * ${sprints}) / ${N}))::uuid END,
            CASE WHEN n % 50 <> 1 AND (h >> 11) % 10 < 4 THEN scale_text.id('wi:${g}:' || k || ':' || ((n - 1) / 50 * 50 + 1))::uuid END,
            ARRAY(SELECT DISTINCT scale_text.id('lb:${g}:' || k || ':' || (1 + (h >> (13 + j * 5)) % ${LABELS}))::uuid FROM generate_series(1, ((h >> 28) % 4)::int) j),
            (ARRAY[1,2,3,5,8])[1 + (h >> 3) % 5],
            c, LEAST(now(), c + ((h % 20000) * interval '1 minute')),
            CASE WHEN st IN ('DONE','CANCELLED') AND n < ${Math.round(N * 0.7)} AND h % 3 = 0 THEN LEAST(now(), c + ((h % 20000) * interval '1 minute')) + interval '30 days' END,
            CASE WHEN h % 200 = 0 THEN now() - interval '1 day' END,
            CASE WHEN h % 200 = 0 THEN scale_text.id('u:${g}:' || k || ':1')::uuid END
       FROM ${orgs}, generate_series(1, ${N}) n,
            LATERAL (SELECT ${HASH} AS h) hx,
            LATERAL (SELECT (${statuses})[1 + (h >> 17) % 11] AS st, now() - interval '3 years' * ((${N} - n)::float8 / ${N}) - interval '1 hour' AS c) sx,
            scale_text.titles t, scale_text.paragraphs p
      WHERE t.id = 1 + h % 50000 AND p.id = 1 + (h >> 6) % 20000`);
  await step(`${g}: relations`, `INSERT INTO delivery.work_item_relations (id, organization_id, type, source_id, target_id)
     SELECT ${idOf('rel', g, 'n')}, ${organizationId(g)}, (ARRAY['BLOCKS','RELATES_TO','RELATES_TO','DUPLICATES'])[1 + h % 4]::delivery."RelationType",
            ${idOf('wi', g, 'n')}, scale_text.id('wi:${g}:' || k || ':' || GREATEST(1, n - 1 - (h >> 3) % 1000))::uuid
       FROM ${orgs}, generate_series(5, ${N}, 5) n, LATERAL (SELECT ${HASH} AS h) hx`);
  await step(`${g}: open blocker counts`, `UPDATE delivery.work_items w SET open_blocker_count = b.c
       FROM (SELECT r.target_id, count(*) AS c FROM delivery.work_item_relations r JOIN delivery.work_items s ON s.id = r.source_id
              WHERE r.type = 'BLOCKS' AND s.status NOT IN ('DONE','CANCELLED') AND s.deleted_at IS NULL
                AND r.organization_id IN (SELECT ${organizationId(g)} FROM ${orgs}) GROUP BY r.target_id) b
      WHERE w.id = b.target_id`);
  await step(`${g}: comments`, `INSERT INTO delivery.comments (id, organization_id, work_item_id, author_id, body, created_at, updated_at)
     SELECT ${idOf('cm', g, 'n')}, ${organizationId(g)}, scale_text.id('wi:${g}:' || k || ':' || (1 + h % ${N}))::uuid,
            scale_text.id('u:${g}:' || k || ':' || (1 + (h >> 5) % ${group.users}))::uuid, p.t, now() - (h % 1000) * interval '1 day' + n * interval '1 millisecond', now() - (h % 1000) * interval '1 day'
       FROM ${orgs}, generate_series(1, ${Math.round(N / 2)}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.paragraphs p
      WHERE p.id = 1 + (h >> 9) % 20000`);
  await step(`${g}: work item key counters`, `INSERT INTO delivery.key_sequences (organization_id, scope, value)
     SELECT ${organizationId(g)}, 'work_item', ${N} FROM ${orgs}`);
}

async function seedIntake(step: Step, group: SeedGroup): Promise<void> {
  const g = group.name;
  const S = scaled(group, PER_MILLION.intake, 100);
  const orgs = `generate_series(1, ${group.organizations}) k`;
  await step(`${g}: intake submissions`, `INSERT INTO delivery.intake_submissions (id, organization_id, number, kind, title, description, source, stage,
       submitted_by_id, via_portal, is_public, vote_count, created_at, updated_at)
     SELECT ${idOf('in', g, 'n')}, ${organizationId(g)}, n, (CASE WHEN h % 3 = 0 THEN 'BUG' ELSE 'IMPROVEMENT' END)::delivery."IntakeKind",
            t.t, p.t, (ARRAY['SALES','CUSTOMER_SUPPORT','MARKETING','PRODUCT','ENGINEERING','OTHER'])[1 + h % 6]::delivery."ReporterSource",
            (ARRAY['SUBMITTED','IN_PREPARATION','IN_PROGRESS','DONE'])[1 + (h >> 3) % 4]::delivery."IntakeStage",
            scale_text.id('u:${g}:' || k || ':' || (1 + (h >> 5) % ${group.users}))::uuid, h % 2 = 0, h % 2 = 0, (h >> 8) % 9,
            now() - (h % 700) * interval '1 day', now() - (h % 700) * interval '1 day'
       FROM ${orgs}, generate_series(1, ${S}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs p
      WHERE t.id = 1 + (h >> 2) % 50000 AND p.id = 1 + (h >> 4) % 20000`);
  await step(`${g}: intake votes`, `INSERT INTO delivery.intake_votes (id, organization_id, submission_id, user_id, created_at)
     SELECT scale_text.id('iv:${g}:' || s.organization_id || ':' || s.number || ':' || v)::uuid, s.organization_id, s.id,
            scale_text.id('u:${g}:' || k || ':' || (1 + (s.number + v) % ${group.users}))::uuid, s.created_at
       FROM ${orgs} JOIN delivery.intake_submissions s ON s.organization_id = ${organizationId(g)}, generate_series(1, s.vote_count) v`);
  await step(`${g}: intake key counters`, `INSERT INTO delivery.key_sequences (organization_id, scope, value) SELECT ${organizationId(g)}, 'intake', ${S} FROM ${orgs}`);
}

async function seedStrategy(step: Step, group: SeedGroup): Promise<void> {
  const g = group.name;
  const O = scaled(group, PER_MILLION.opportunities, 200);
  const I = O * 3;
  const IV = scaled(group, PER_MILLION.interviews, 50);
  const orgs = `generate_series(1, ${group.organizations}) k`;
  const org = organizationId(g);
  await step(`${g}: goals and OKRs`, `
    INSERT INTO strategy.annual_goals (id, organization_id, title, year) SELECT scale_text.id('ag:${g}:' || k)::uuid, ${org}, 'Grow the business', 2026 FROM ${orgs};
    INSERT INTO strategy.ckrs (id, organization_id, number, annual_goal_id, title, status)
      SELECT ${idOf('ckr', g, 'c')}, ${org}, c, scale_text.id('ag:${g}:' || k)::uuid, 'Key result ' || c, 'ACTIVE' FROM ${orgs}, generate_series(1, 10) c;
    INSERT INTO strategy.key_sequences (organization_id, scope, value)
      SELECT ${org}, s, v FROM ${orgs}, (VALUES ('OKR', 10), ('OPP', ${O}), ('EXP', ${Math.floor(O / 2)})) x(s, v)`);
  await step(`${g}: interviews`, `INSERT INTO strategy.interviews (id, organization_id, title, participant, conducted_at, transcript, summary, created_at)
     SELECT ${idOf('iw', g, 'n')}, ${org}, 'Interview ' || n || ': ' || t.t, 'Participant ' || n, now() - (n % 700) * interval '1 day',
            (SELECT string_agg(p.t, E'\\n\\n') FROM scale_text.paragraphs p WHERE p.id BETWEEN 1 + (h >> 3) % 19900 AND 40 + (h >> 3) % 19900)
              || CASE WHEN n % 1000 = 3 THEN E'\\n\\nHonestly ${TRANSCRIPT_PHRASE} every single month.' ELSE '' END,
            s.t, ${spread('n', IV)}
       FROM ${orgs}, generate_series(1, ${IV}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs s
      WHERE t.id = 1 + h % 50000 AND s.id = 1 + (h >> 5) % 20000`);
  await step(`${g}: insights`, `INSERT INTO strategy.insights (id, organization_id, interview_id, title, description, quotes, created_at)
     SELECT ${idOf('is', g, 'n')}, ${org}, scale_text.id('iw:${g}:' || k || ':' || (1 + n % ${IV}))::uuid, t.t, p.t,
            ARRAY[left(p.t, 160), left(q.t, 200)], ${spread('n', I)}
       FROM ${orgs}, generate_series(1, ${I}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs p, scale_text.paragraphs q
      WHERE t.id = 1 + (h >> 1) % 50000 AND p.id = 1 + (h >> 3) % 20000 AND q.id = 1 + (h >> 7) % 20000`);
  // The focus opportunity links the first 100 insights; every other one its own three.
  await step(`${g}: opportunities`, `INSERT INTO strategy.opportunities (id, organization_id, number, ckr_id, title, description, priority, impact, confidence, status, owner_id, insight_ids, created_at, updated_at)
     SELECT ${idOf('op', g, 'n')}, ${org}, n, scale_text.id('ckr:${g}:' || k || ':' || (1 + h % 10))::uuid, t.t, p.t,
            (ARRAY['LOW','MEDIUM','HIGH'])[1 + h % 3], 1 + (h >> 2) % 5, 1 + (h >> 5) % 5, (ARRAY['NEW','EXPLORING','VALIDATED','PARKED'])[1 + (h >> 8) % 4],
            scale_text.id('u:${g}:' || k || ':' || (1 + (h >> 5) % ${group.users}))::uuid,
            CASE WHEN n = ${DISCOVERY_FOCUS_NUMBER} THEN ARRAY(SELECT scale_text.id('is:${g}:' || k || ':' || i)::uuid FROM generate_series(1, 100) i)
                 ELSE ARRAY[scale_text.id('is:${g}:' || k || ':' || (3 * n - 2))::uuid, scale_text.id('is:${g}:' || k || ':' || (3 * n - 1))::uuid, scale_text.id('is:${g}:' || k || ':' || (3 * n))::uuid] END,
            now() - (h % 700) * interval '1 day' + n * interval '1 millisecond', now() - (h % 300) * interval '1 day'
       FROM ${orgs}, generate_series(1, ${O}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs p
      WHERE t.id = 1 + (h >> 4) % 50000 AND p.id = 1 + (h >> 6) % 20000`);
  // Two solutions per opportunity, the focus one 48 more (50).
  await step(`${g}: solutions`, `INSERT INTO strategy.solutions (id, organization_id, opportunity_id, title, description, status, created_at)
     SELECT ${idOf('so', g, 'n')}, ${org}, scale_text.id('op:${g}:' || k || ':' || CASE WHEN n > ${2 * O} THEN ${DISCOVERY_FOCUS_NUMBER} ELSE (n + 1) / 2 END)::uuid, t.t, p.t,
            (ARRAY['PROPOSED','VALIDATING','ACCEPTED','REJECTED'])[1 + h % 4], ${spread('n', 2 * O + 48)}
       FROM ${orgs}, generate_series(1, ${2 * O + 48}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs p
      WHERE t.id = 1 + (h >> 3) % 50000 AND p.id = 1 + (h >> 9) % 20000`);
  await step(`${g}: experiments`, `INSERT INTO strategy.experiments (id, organization_id, number, ckr_id, solution_id, title, hypothesis, success_metrics, status, created_at)
     SELECT ${idOf('ex', g, 'n')}, ${org}, n, scale_text.id('ckr:${g}:' || k || ':' || (1 + h % 10))::uuid, scale_text.id('so:${g}:' || k || ':' || (4 * n - 3))::uuid, t.t, p.t,
            ARRAY['conversion +2 %'], (ARRAY['DRAFT','RUNNING','CONCLUDED'])[1 + h % 3], ${spread('n', Math.floor(O / 2))}
       FROM ${orgs}, generate_series(1, ${Math.floor(O / 2)}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t, scale_text.paragraphs p
      WHERE t.id = 1 + (h >> 3) % 50000 AND p.id = 1 + (h >> 9) % 20000`);
  await step(`${g}: focus work items`, `UPDATE delivery.work_items SET opportunity_id = scale_text.id('op:${g}:' || k || ':${DISCOVERY_FOCUS_NUMBER}')::uuid
       FROM ${orgs} WHERE organization_id = ${org} AND number BETWEEN 101 AND 150`);
}

async function seedArtifacts(step: Step, group: SeedGroup): Promise<void> {
  const g = group.name;
  const A = scaled(group, PER_MILLION.artifacts, 6_000);
  const commits = Math.round(A * 0.7);
  const branches = Math.round(A * 0.15);
  const prs = A - commits - branches;
  const N = group.items;
  const orgs = `generate_series(1, ${group.organizations}) k`;
  const org = organizationId(g);
  const repo = `'acme/service-' || (1 + n % ${CONNECTIONS})`;
  const connection = `scale_text.id('cn:${g}:' || k || ':' || (1 + n % ${CONNECTIONS}))::uuid`;
  // The first ARTIFACT_FOCUS_LINKS commits name the focus item; every other artifact a hashed one.
  const target = `CASE WHEN kind = 'COMMIT' AND n <= ${ARTIFACT_FOCUS_LINKS} THEN ${ARTIFACT_FOCUS_NUMBER} ELSE 1 + h % ${N} END`;
  await step(`${g}: repo connections`, `INSERT INTO repos.connections (id, organization_id, provider, full_name, full_name_key, web_url, default_branch, automations, secret_encrypted, updated_at)
     SELECT ${idOf('cn', g, 'c')}, ${org}, 'GITHUB', 'acme/service-' || c, 'acme/service-' || c, 'https://github.com/acme/service-' || c, 'main', '{}'::jsonb, 'unused', now()
       FROM ${orgs}, generate_series(1, ${CONNECTIONS}) c`);
  await step(`${g}: commits`, `INSERT INTO repos.commits (id, organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at, created_at)
     SELECT ${idOf('co', g, 'n')}, ${org}, ${connection}, 'GITHUB', ${repo}, sha, left(sha, 7),
            'WI-' || (${target.replace(/kind = 'COMMIT'/, 'true')}) || ': ' || t.t, 'https://github.com/' || ${repo} || '/commit/' || sha, 'Dev ' || (h % 50),
            now() - (n::float8 / ${commits}) * interval '3 years', now() - (n::float8 / ${commits}) * interval '3 years'
       FROM ${orgs}, generate_series(1, ${commits}) n, LATERAL (SELECT ${HASH} AS h, md5('sha:' || k || ':' || n) || left(md5('x' || n), 8) AS sha) hx, scale_text.titles t
      WHERE t.id = 1 + h % 50000`);
  await step(`${g}: branches`, `INSERT INTO repos.branches (id, organization_id, connection_id, provider, repository, name, url, created_at, updated_at)
     SELECT ${idOf('br', g, 'n')}, ${org}, ${connection}, 'GITHUB', ${repo}, 'feature/wi-' || n, 'https://github.com/' || ${repo} || '/tree/feature/wi-' || n,
            now() - (n::float8 / ${branches}) * interval '3 years', now() - (n::float8 / ${branches}) * interval '3 years'
       FROM ${orgs}, generate_series(1, ${branches}) n`);
  await step(`${g}: pull requests`, `INSERT INTO repos.pull_requests (id, organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, created_at, updated_at)
     SELECT ${idOf('pr', g, 'n')}, ${org}, ${connection}, 'GITHUB', ${repo}, n, t.t, 'https://github.com/' || ${repo} || '/pull/' || n,
            (ARRAY['open','merged','merged','closed'])[1 + h % 4], 'feature/wi-' || n, 'main', 'dev' || (h % 50),
            now() - (n::float8 / ${prs}) * interval '3 years', now() - (n::float8 / ${prs}) * interval '3 years'
       FROM ${orgs}, generate_series(1, ${prs}) n, LATERAL (SELECT ${HASH} AS h) hx, scale_text.titles t WHERE t.id = 1 + h % 50000`);
  // artifact_at: the artifact's own time, as the commit, branch and pull request rows above have it.
  await step(`${g}: artifact links`, `INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by, created_at, artifact_at)
     SELECT scale_text.id('al:${g}:' || k || ':' || kind || ':' || n)::uuid, ${org}, scale_text.id('wi:${g}:' || k || ':' || (${target}))::uuid, kind,
            scale_text.id((CASE kind WHEN 'COMMIT' THEN 'co' WHEN 'BRANCH' THEN 'br' ELSE 'pr' END) || ':${g}:' || k || ':' || n)::uuid,
            jsonb_build_array(jsonb_build_object('source', CASE kind WHEN 'BRANCH' THEN 'branch' WHEN 'COMMIT' THEN 'commit_message' ELSE 'title' END,
                                                 'text', 'WI-' || (${target}))),
            now() - (h % 1000) * interval '1 day',
            now() - (n::float8 / CASE kind WHEN 'COMMIT' THEN ${commits} WHEN 'BRANCH' THEN ${branches} ELSE ${prs} END) * interval '3 years'
       FROM ${orgs}, (SELECT 'COMMIT' AS kind, n FROM generate_series(1, ${commits}) n
                      UNION ALL SELECT 'BRANCH', n FROM generate_series(1, ${branches}) n
                      UNION ALL SELECT 'PULL_REQUEST', n FROM generate_series(1, ${prs}) n) a,
            LATERAL (SELECT ${HASH} AS h) hx`);
}

async function seedWebhooks(step: Step, group: SeedGroup): Promise<void> {
  const g = group.name;
  const E = scaled(group, PER_MILLION.events, 1_000);
  const D = scaled(group, PER_MILLION.deliveries, 1_000);
  const N = group.items;
  const orgs = `generate_series(1, ${group.organizations}) k`;
  const org = organizationId(g);
  const types = `ARRAY['work_item.created','work_item.updated','work_item.status_changed','comment.created','intake.submitted','opportunity.updated']`;
  // Events of the last 25 days, within the 30-day retention, so the pruner has nothing to do mid-run.
  const at = `now() - ((${E} - n)::float8 / ${E}) * interval '25 days'`;
  await step(`${g}: webhook subscriptions`, `INSERT INTO webhooks.subscriptions (id, organization_id, url, description, active, events, secret_encrypted, disabled_reason)
     SELECT ${idOf('sub', g, 's')}, ${org}, 'https://hooks.example.com/scale/' || s, 'Scale bench subscription ' || s, false, ARRAY[]::text[], 'unused', 'seeded inactive'
       FROM ${orgs}, generate_series(1, ${SUBSCRIPTIONS}) s`);
  await step(`${g}: stored events`, `INSERT INTO webhooks.events (id, organization_id, type, body, created_at)
     SELECT ${idOf('ev', g, 'n')}, ${org}, ty, json_build_object('id', ${idOf('ev', g, 'n')}, 'event', ty, 'createdAt', ${at}, 'organizationId', ${org},
              'data', json_build_object('key', 'WI-' || (1 + h % ${N}), 'id', scale_text.id('wi:${g}:' || k || ':' || (1 + h % ${N}))::uuid, 'title', t.t,
                                        'status', (ARRAY['TODO','IN_PROGRESS','IN_REVIEW','DONE'])[1 + (h >> 3) % 4]))::text, ${at}
       FROM ${orgs}, generate_series(1, ${E}) n, LATERAL (SELECT ${HASH} AS h) hx, LATERAL (SELECT (${types})[1 + (h >> 7) % 6] AS ty) tx, scale_text.titles t
      WHERE t.id = 1 + (h >> 2) % 50000`);
  // One delivery per event (to one of the subscriptions in turn), finished: none is due.
  await step(`${g}: webhook deliveries`, `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, status, status_code, attempts, round_attempts,
       next_attempt_at, delivered_at, error, created_at)
     SELECT ${idOf('dl', g, 'n')}, ${org}, scale_text.id('sub:${g}:' || k || ':' || (1 + n % ${SUBSCRIPTIONS}))::uuid, ${idOf('ev', g, `(1 + (n - 1) % ${E})`)},
            (${types})[1 + (h >> 7) % 6], st::webhooks."WebhookDeliveryStatus", CASE WHEN st = 'DELIVERED' THEN 200 ELSE 500 END, 1 + (h % 3), 0,
            NULL, CASE WHEN st = 'DELIVERED' THEN ${at} END, CASE WHEN st = 'FAILED' THEN 'HTTP 500' END, ${at}
       FROM ${orgs}, generate_series(1, ${D}) n, LATERAL (SELECT ${HASH} AS h) hx,
            LATERAL (SELECT CASE WHEN h % 50 = 0 THEN 'FAILED' ELSE 'DELIVERED' END AS st) sx`);
}
