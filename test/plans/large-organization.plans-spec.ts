/*
 * Every read route of the REST API over the large seeded organization: each list first page, each
 * filter alone (a text search with a common and a rare text), each sort both ways (with the filters
 * of FILTERS_WITH_EACH_SORT too), and three pages deep by cursor; each record by id, its history,
 * comments, relations and artifacts; and each app's metrics scrape. The routes come from the
 * OpenAPI document, so a new list or filter is exercised without editing this file. The plans are
 * judged in the teardown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, keyClient } from '../e2e/support/client';
import { scrape } from '../e2e/support/metrics';
import { stackInfo } from '../e2e/support/stack-info';
import { largeOrganization } from './plans-stack';
import { seededUuid } from './seed';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is walked generically
type Json = any;

const org = largeOrganization();
const api: ApiClient = keyClient(org.apiKey);
const openapi = JSON.parse(readFileSync(path.join(__dirname, '../../dist/openapi.json'), 'utf8')) as Json;

/** The id the seed gave row n of a kind (pg_temp.uid in seed.ts). */
function seededId(kind: string, n: number): string {
  return seededUuid(`${org.id}${kind}${n}`);
}

/** The seed's kind of the records a route's `{id}` or a filter names. */
const KIND_OF_SEGMENT: Record<string, string> = {
  users: 'user',
  'annual-goals': 'ag',
  'product-goals': 'pg',
  'planning-cycles': 'cycle',
  ckrs: 'ckr',
  opportunities: 'opp',
  solutions: 'solution',
  experiments: 'exp',
  interviews: 'interview',
  insights: 'insight',
  'work-items': 'wi',
  labels: 'label',
  teams: 'team',
  sprints: 'sprint',
  intake: 'intake',
  changelog: 'changelog',
  deliveries: 'delivery',
  repositories: 'conn',
};
const KIND_OF_FILTER: Record<string, string> = {
  sprintId: 'sprint',
  assigneeId: 'user',
  labelId: 'label',
  parentId: 'wi',
  ckrId: 'ckr',
  opportunityId: 'opp',
  solutionId: 'solution',
  experimentId: 'exp',
  teamId: 'team',
  planningCycleId: 'cycle',
  annualGoalId: 'ag',
  productGoalId: 'pg',
  webhookId: 'sub',
  actorId: 'user',
  recordId: 'wi',
  after: 'event',
};
/** Row numbers that exist for every kind (the smallest seeded kinds have 5 rows). */
const ROW = 3;
/** Routes that are not the services' reads of records: documents, pages, assets, the MCP transport. */
const NOT_RECORD_READS = /^\/(portal\/|mcp$|api\/v1\/openapi\.json$)/;
const DAY_AGO = new Date(Date.now() - 86_400_000).toISOString();
/**
 * A text the seed never writes: a search for it takes the rare-text part of every searched table
 * (the older rows' matches read through the GIN indexes, docs/decisions.md "Search"), which a word of
 * the seed's twenty, common in every table, never reaches.
 */
const RARE_TEXT = 'quokka';
/**
 * A sentence of the seed's words: its newest rows are walked whatever PostgreSQL estimates, and its
 * older rows' part is skipped or read by how common its words are (docs/decisions.md, "Search").
 */
const SENTENCE = 'checkout invoice export billing search login';
/**
 * Filters read with every sort, beside alone: their list has an index per sort for them (a person's
 * work items, docs/decisions.md "Cost at scale"), which a filter read alone in the default order
 * leaves unplanned.
 */
const FILTERS_WITH_EACH_SORT: Record<string, string[]> = { '/api/v1/work-items': ['assigneeId'] };

function filterValue(name: string, schema: Json): string | undefined {
  if (KIND_OF_FILTER[name]) return seededId(KIND_OF_FILTER[name], ROW);
  const values: string[] | undefined = schema.enum ?? schema.items?.enum;
  if (values) return values[name === 'archived' ? values.length - 1 : 0];
  if (schema.format === 'date-time') return DAY_AGO;
  if (name === 'q') return 'checkout';
  if (name === 'action') return 'updated';
  return undefined;
}

/** `{id}`/`{slug}` filled with seeded records; undefined when the route names something unseeded. */
function concretePath(route: string): string | undefined {
  const segments = route.split('/');
  const filled = segments.map((segment, i): string | undefined => {
    if (segment === '{slug}') return org.slug;
    if (segment !== '{id}') return segment;
    const kind = KIND_OF_SEGMENT[segments[i - 1]];
    return kind && seededId(kind, ROW);
  });
  return filled.includes(undefined) ? undefined : filled.join('/');
}

/** The sortable fields a list's `sort` pattern names. */
function sortFields(schema: Json): string[] {
  const match = /^\^-\?\(([^)]+)\)/.exec(schema?.pattern ?? '');
  return match ? match[1].split('|') : [];
}

/**
 * A value for each query parameter the document marks `required`: the route answers 400 without
 * them, so every read of the route carries them (a filter read alone adds its own beside them).
 */
function requiredQuery(operation: Json): URLSearchParams {
  const query = new URLSearchParams();
  for (const param of (operation.parameters ?? []) as Json[]) {
    if (param.in !== 'query' || !param.required) continue;
    const value = filterValue(param.name, param.schema ?? {}) ?? param.schema?.default ?? param.example ?? param.schema?.example;
    if (value === undefined) throw new Error(`no value for the required query parameter ${param.name} of ${operation.operationId ?? 'a route'}`);
    query.set(param.name, String(value));
  }
  return query;
}

/** `base` with the required parameters and `extra` (name, value) as its query string. */
function withQuery(base: string, required: URLSearchParams, extra?: [string, string]): string {
  const query = new URLSearchParams(required);
  if (extra) query.set(extra[0], extra[1]);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

interface Read {
  route: string;
  url: string;
}

function reads(): Read[] {
  const out: Read[] = [];
  for (const [route, operations] of Object.entries<Json>(openapi.paths)) {
    const get = operations.get;
    if (!get || NOT_RECORD_READS.test(route)) continue;
    const base = concretePath(route);
    if (!base) continue;
    const params: Json[] = (get.parameters ?? []).filter((p: Json) => p.in === 'query');
    const required = requiredQuery(get);
    out.push({ route, url: withQuery(base, required) });
    if (params.some((param) => param.name === 'q')) {
      out.push({ route, url: withQuery(base, required, ['q', RARE_TEXT]) }, { route, url: withQuery(base, required, ['q', SENTENCE]) });
    }
    for (const param of params) {
      if (param.name === 'sort') {
        for (const field of sortFields(param.schema)) {
          out.push({ route, url: withQuery(base, required, ['sort', field]) }, { route, url: withQuery(base, required, ['sort', `-${field}`]) });
          for (const filter of FILTERS_WITH_EACH_SORT[route] ?? []) {
            const filtered = new URLSearchParams(required);
            filtered.set(filter, filterValue(filter, {})!);
            for (const sort of [field, `-${field}`]) out.push({ route, url: withQuery(base, filtered, ['sort', sort]) });
          }
        }
        continue;
      }
      if (param.name === 'limit' || param.name === 'cursor' || param.required) continue;
      const value = filterValue(param.name, param.schema);
      if (value !== undefined) out.push({ route, url: withQuery(base, required, [param.name, value]) });
    }
  }
  return out;
}

describe('reads over the large seeded organization', () => {
  const all = reads();

  it('covers the read routes of the API', () => {
    const routes = new Set(all.map((read) => read.route));
    expect(routes.size).toBeGreaterThan(50);
  });

  it('answers every list, filter, sort and record read with 200', async () => {
    const failures: string[] = [];
    for (const read of all) {
      const response = await api.get(read.url);
      if (response.status !== 200) failures.push(`${read.url}: ${response.status} ${response.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);

  // A scrape reads each outbox's waiting and parked counts (the operator's alerts).
  it('answers every app\'s metrics scrape', async () => {
    for (const url of Object.values(stackInfo().appUrls)) expect((await scrape(url)).length).toBeGreaterThan(0);
  });

  it('pages three pages deep by cursor through every list', async () => {
    const failures: string[] = [];
    const lists = Object.entries<Json>(openapi.paths).filter(([route, ops]) => ops.get?.parameters?.some((p: Json) => p.name === 'cursor') && !NOT_RECORD_READS.test(route));
    for (const [route, operations] of lists) {
      const base = concretePath(route);
      if (!base) continue;
      const required = requiredQuery(operations.get);
      const limit = Math.min(100, operations.get.parameters.find((p: Json) => p.name === 'limit')?.schema?.maximum ?? 100);
      let cursor: string | null = null;
      for (let page = 0; page < 3; page++) {
        const response: { status: number; text: string; headers: Headers } = await api.get(withQuery(base, required, ['limit', String(limit)]) + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''));
        if (response.status !== 200) failures.push(`${route} page ${page}: ${response.status} ${response.text.slice(0, 200)}`);
        cursor = response.headers.get('x-next-cursor');
        if (!cursor) break;
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
