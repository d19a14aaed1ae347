/**
 * Property-based fuzzing over HTTP of every REST and portal route and of the MCP tools' arguments:
 * generated path ids, query strings, bodies and arguments (boundary numbers, huge and tiny strings,
 * NUL and control characters, lone surrogates, deep nesting, wrong types, unknown fields, keys
 * named after Object.prototype members at every depth and inside arrays, another organization's
 * ids). Whatever is sent: no 5xx and no internal error, every 4xx has the error shape, and no
 * answer names a record of another organization that the request did not name itself. Seeded and
 * bounded (FUZZ_RUNS REST cases, a third of them MCP calls; FUZZ_SEED); `npm run fuzz` runs more.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { ApiClient } from './support/client';
import { withKey } from './support/mcp';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';
import { FuzzOrganization, fuzzOrganization } from './fuzz/fuzz-fixtures';
import { ENUM_WORDS, FIELD_NAMES, FUZZ_ROUTES, FuzzRoute, IdKind, PROTOTYPE_NAMES, QUERY_NAMES } from './fuzz/fuzz-routes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const MCP_RUNS = Math.ceil(RUNS / 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const PROTOTYPE_KEYS = new Set(PROTOTYPE_NAMES);

/** Whether a generated value holds a key named after an Object.prototype member, at any depth. */
function hasPrototypeKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.keys(value).some((key) => (!Array.isArray(value) && PROTOTYPE_KEYS.has(key)) || hasPrototypeKey((value as Record<string, unknown>)[key]));
}

interface FuzzCase {
  route: FuzzRoute;
  pathValues: string[];
  query: [string, string][];
  body: unknown;
  rawBody?: string;
}

/** Turns any string into a path segment or query value, lone surrogates included (as UTF-8 of U+FFFD). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/**
 * JSON values over `leaf`: objects keyed by the contracts' field names and by Object.prototype's
 * member names, at every depth and inside arrays; and bodies, mostly objects with some unknown keys.
 */
function jsonArbitraries(leaf: fc.Arbitrary<unknown>): { value: fc.Arbitrary<unknown>; body: fc.Arbitrary<unknown> } {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) });
  const value = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 3 })),
  })).value;
  const bodyKey = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  );
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(bodyKey, value, { maxKeys: 6 }) },
    { weight: 1, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return { value, body };
}

/** Strings and numbers every generator draws from: boundaries, hostile text, real and foreign ids and keys, `words`. */
function leaves(mine: FuzzOrganization, theirs: FuzzOrganization, words: string[]): { text: fc.Arbitrary<string>; number: fc.Arbitrary<number>; leaf: fc.Arbitrary<unknown> } {
  const uuids = [...mine.ids, ...theirs.ids];
  const keys = [mine.records.workItem.key, theirs.records.workItem.key, mine.records.intake.key, mine.records.ckr.key].filter(Boolean) as string[];
  const nasty = fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    'ab\ud800c',
    '\udc00',
    '\u202e\u0007\u001b[31m',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '{"$gt":""}',
    'x'.repeat(10_001),
    '😀'.repeat(300),
    'WI-0',
    'WI-99999999999',
    'wi-1',
    '0000-01-01',
    '9999-12-31T23:59:59Z',
    '2026-02-30',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
  );
  const number = fc.oneof(
    fc.constantFrom(0, -1, 1, 5, 6, 2_147_483_647, 2_147_483_648, 3_000_000_000, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, -0),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    nasty,
    fc.constantFrom(...ENUM_WORDS, ...words),
    fc.constantFrom(...uuids),
    fc.constantFrom(...keys),
    fc.constantFrom(...PROTOTYPE_NAMES),
  );
  return { text, number, leaf: fc.oneof(text, number, fc.boolean(), fc.constant(null)) };
}

function caseArbitrary(mine: FuzzOrganization, theirs: FuzzOrganization): fc.Arbitrary<FuzzCase> {
  const { text, number, leaf } = leaves(mine, theirs, []);
  // Cursors that decode but carry a value no list issued: a non-date, a non-finite number, a huge one.
  const cursor = (sortValue: string) => Buffer.from(JSON.stringify(['c1', sortValue, mine.records.workItem.id])).toString('base64url');
  const cursors = fc.constantFrom(...['not-a-date', 'NaN', '1e400', '-1', '99999999999999999999', '0000-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '7'].map(cursor));
  const { body } = jsonArbitraries(leaf);
  const rawBody = fc.constantFrom(
    '{"title":',
    '[]',
    '"x"',
    'null',
    '{"title":"a","title":"b","type":"TASK"}',
    '{"__proto__":{"admin":true},"title":"Proto","type":"TASK"}',
    '{"constructor":{"prototype":{"x":1}}}',
    `{"title":"Deep","x":${'['.repeat(3000)}${']'.repeat(3000)}}`,
    '{"title":"\\u0000","type":"TASK"}',
  );
  const pathValue = (kind: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(mine.records[kind as IdKind]?.id ?? kind) },
      { weight: 2, arbitrary: fc.constant(mine.records[kind as IdKind]?.key ?? mine.records[kind as IdKind]?.id ?? kind) },
      { weight: 3, arbitrary: fc.constant(theirs.records[kind as IdKind]?.id ?? kind) },
      { weight: 2, arbitrary: text },
      { weight: 1, arbitrary: fc.uuid() },
    );
  return fc.constantFrom(...FUZZ_ROUTES).chain((route) => {
    const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const values = placeholders.map((name) => (name === 'slug' ? fc.constantFrom(mine.org.organization.slug, theirs.org.organization.slug) : pathValue(name)));
    return fc.record({
      route: fc.constant(route),
      pathValues: fc.tuple(...values),
      query: fc.array(
        fc.oneof(
          fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_NAMES)), fc.oneof(text, number.map(String))),
          fc.tuple(fc.constant('cursor'), cursors),
        ),
        { maxLength: 3 },
      ),
      body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : body,
      rawBody: route.method === 'POST' || route.method === 'PATCH' ? fc.option(rawBody, { freq: 8 }).map((raw) => raw ?? undefined) : fc.constant(undefined),
    });
  });
}

function urlOf(fuzz: FuzzCase): string {
  let index = 0;
  const path = fuzz.route.path.replace(/\{(\w+)\}/g, () => encode(fuzz.pathValues[index++]));
  const query = fuzz.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
}

interface McpCase {
  tool: string;
  args: Record<string, unknown>;
}

/** The strings a JSON Schema allows by name (`enum`, `const`), at any depth: the types and modes the tools accept. */
function schemaWords(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema === null || typeof schema !== 'object') return into;
  const { enum: values, const: constant } = schema as { enum?: unknown[]; const?: unknown };
  for (const word of [...(values ?? []), constant]) if (typeof word === 'string') into.add(word);
  for (const child of Object.values(schema)) schemaWords(child, into);
  return into;
}

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? [], ...(schema.anyOf ?? []).map((option) => option.type ?? [])].flat();

/**
 * Arguments for every tool the caller may use, from its tools/list schema (a new tool or argument
 * is fuzzed without a change here): each argument mostly of its kind (a word the schema names, an
 * object of contract field names for `fields` and `filters`, which the tools hand to the services),
 * sometimes any JSON; and extra keys, Object.prototype's member names among them, at the top and
 * at every depth below.
 */
function mcpCaseArbitrary(tools: ListedTool[], mine: FuzzOrganization, theirs: FuzzOrganization): fc.Arbitrary<McpCase> {
  const { text, number, leaf } = leaves(mine, theirs, [...schemaWords(tools.map((tool) => tool.inputSchema))]);
  const { value } = jsonArbitraries(leaf);
  // `fields` and `filters` go to the services as a body or a query: their keys and the keys one level down are as often
  // Object.prototype's names as the contracts' field names.
  const mixedKey = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...PROTOTYPE_NAMES));
  const argument = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    const words = [...schemaWords(schema)];
    const types = typesOf(schema);
    const items = (schema as { items?: JsonSchema }).items;
    let typical: fc.Arbitrary<unknown>;
    if (words.length) typical = types.includes('array') ? fc.uniqueArray(fc.constantFrom(...words), { maxLength: 3 }) : fc.constantFrom(...words);
    else if (types.includes('object')) typical = fc.dictionary(mixedKey, fc.oneof(leaf, fc.dictionary(mixedKey, leaf, { maxKeys: 3 }), value), { maxKeys: 4 });
    else if (types.includes('array')) typical = fc.array(items ? argument(items) : leaf, { maxLength: 3 });
    else if (types.includes('integer') || types.includes('number')) typical = fc.oneof(fc.integer({ min: 1, max: 20 }), number);
    else if (types.includes('boolean')) typical = fc.boolean();
    else typical = text;
    return fc.oneof({ weight: 6, arbitrary: typical }, { weight: 1, arbitrary: value });
  };
  const extraKey = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) });
  return fc.constantFrom(...tools).chain((tool) => {
    const properties = tool.inputSchema.properties ?? {};
    const known = fc.record(Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, argument(schema)])), { requiredKeys: tool.inputSchema.required ?? [] });
    const extra = fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(extraKey, value, { maxKeys: 2 }) });
    // Defined, not assigned: an extra "__proto__" must stay a key.
    const args = fc.tuple(known, extra).map(([own, more]) =>
      Object.entries(more).reduce((all, [name, item]) => Object.defineProperty(all, name, { value: item, enumerable: true, writable: true, configurable: true }), { ...own }),
    );
    return fc.record({ tool: fc.constant(tool.name), args });
  });
}

describe('fuzzing every route', () => {
  let mine: FuzzOrganization;
  let theirs: FuzzOrganization;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([fuzzOrganization(), fuzzOrganization()]);
  });

  it(`REST and portal: no 5xx, error shape on every 4xx, no other tenant's id (${RUNS} cases, seed ${SEED})`, async () => {
    const anonymous = new ApiClient(stackInfo().apiUrl);
    let sent = 0;
    let withPrototypeKey = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary(mine, theirs), async (fuzz) => {
        const client = fuzz.route.public ? anonymous : mine.org.api;
        const url = urlOf(fuzz);
        const raw = fuzz.rawBody ?? (fuzz.body === undefined ? undefined : JSON.stringify(fuzz.body));
        const headers: Record<string, string> = raw === undefined ? {} : { 'content-type': 'application/json' };
        const response = await client.request(fuzz.route.method, url, undefined, { rawBody: raw, headers });
        sent += 1;
        if ((fuzz.rawBody === undefined && hasPrototypeKey(fuzz.body)) || fuzz.query.some(([name]) => PROTOTYPE_KEYS.has(name))) withPrototypeKey += 1;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const where = `${fuzz.route.method} ${url} ${raw?.slice(0, 300) ?? ''} → ${response.status} ${response.text.slice(0, 300)}`;
        if (response.status >= 500) throw new Error(`5xx: ${where}`);
        if (response.status >= 400 && shapeViolations(response.body, ERROR_SHAPE).length) throw new Error(`error shape: ${where}`);
        const asked = `${url} ${raw ?? ''}`;
        for (const id of theirs.ids) {
          if (response.text.includes(id) && !asked.includes(id)) throw new Error(`another tenant's id ${id}: ${where}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    process.stdout.write(
      `fuzz REST: ${sent} requests (${withPrototypeKey} with a key named after an Object.prototype member), by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`,
    );
    // The cases reach past validation: some succeed, most are refused for their input.
    expect(statuses.get(200)).toBeGreaterThan(RUNS / 50);
    expect(statuses.get(400)).toBeGreaterThan(RUNS / 4);
    expect(withPrototypeKey).toBeGreaterThan(RUNS / 10);
  }, 600_000);

  it(`MCP tool arguments: no internal error, no other tenant's id (${MCP_RUNS} calls, seed ${SEED})`, async () => {
    const client: Client = await withKey(mine.org.apiKey);
    const { tools } = (await client.listTools()) as { tools: ListedTool[] };
    let sent = 0;
    let withPrototypeKey = 0;
    const outcomes = new Map<string, number>();
    const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    try {
      await fc.assert(
        fc.asyncProperty(mcpCaseArbitrary(tools, mine, theirs), async ({ tool, args }) => {
          const sentJson = JSON.stringify(args);
          const where = `${tool} ${sentJson.slice(0, 300)}`;
          sent += 1;
          if (hasPrototypeKey(args)) withPrototypeKey += 1;
          let result: Awaited<ReturnType<Client['callTool']>>;
          try {
            result = await client.callTool({ name: tool, arguments: args });
          } catch (error) {
            // Only the HTTP layer may refuse a call outright, with 400 and the error body (StreamableHTTPError's code and
            // text): what the body parser refuses on every route (a "__proto__" key, NUL, a lone surrogate, deep nesting).
            const { code, message } = error as { code?: number; message: string };
            if (code !== 400 || !message.includes('{"error":"BadRequest"')) throw new Error(`call failed: ${where} → ${code} ${message.slice(0, 300)}`);
            count('HTTP 400');
            return;
          }
          const text = (result.content as { text?: string }[]).map((part) => part.text ?? '').join('');
          const error = result.isError ? (/^\{"error":"(\w+)"/.exec(text)?.[1] ?? 'invalid arguments') : undefined;
          count(error ?? 'ok');
          if (error === 'InternalError') throw new Error(`internal error: ${where} → ${text.slice(0, 300)}`);
          for (const id of theirs.ids) {
            if (text.includes(id) && !sentJson.includes(id)) throw new Error(`another tenant's id ${id}: ${where} → ${text.slice(0, 300)}`);
          }
        }),
        { numRuns: MCP_RUNS, seed: SEED, endOnFailure: true },
      );
    } finally {
      await client.close();
    }
    process.stdout.write(
      `fuzz MCP: ${sent} tool calls over ${tools.length} tools (${withPrototypeKey} with a key named after an Object.prototype member), by outcome ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}\n`,
    );
    expect(sent).toBeGreaterThanOrEqual(MCP_RUNS);
    // Past the SDK's argument check into the services: some calls succeed, some are refused by a service.
    expect(outcomes.get('ok')).toBeGreaterThan(MCP_RUNS / 50);
    expect(outcomes.get('BadRequest')).toBeGreaterThan(MCP_RUNS / 50);
    expect(withPrototypeKey).toBeGreaterThan(MCP_RUNS / 10);
  }, 600_000);
});
