/**
 * Property-based fuzzing of every REST and portal route over HTTP: generated path ids, query
 * strings and bodies (boundary numbers, huge and tiny strings, NUL and control characters, lone
 * surrogates, deep nesting, wrong types, unknown fields, another organization's ids). Whatever is
 * sent: no 5xx, every 4xx has the error shape, and no body names a record of another organization
 * that the request did not name itself. Seeded and bounded (FUZZ_RUNS, FUZZ_SEED); `npm run fuzz`
 * runs more cases.
 */
import fc from 'fast-check';
import { ApiClient } from './support/client';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';
import { FuzzOrganization, fuzzOrganization } from './fuzz/fuzz-fixtures';
import { ENUM_WORDS, FIELD_NAMES, FUZZ_ROUTES, FuzzRoute, IdKind, QUERY_NAMES } from './fuzz/fuzz-routes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

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

function caseArbitrary(mine: FuzzOrganization, theirs: FuzzOrganization): fc.Arbitrary<FuzzCase> {
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
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), nasty, fc.constantFrom(...ENUM_WORDS), fc.constantFrom(...uuids), fc.constantFrom(...keys));
  // Cursors that decode but carry a value no list issued: a non-date, a non-finite number, a huge one.
  const cursor = (sortValue: string) => Buffer.from(JSON.stringify(['c1', sortValue, mine.records.workItem.id])).toString('base64url');
  const cursors = fc.constantFrom(...['not-a-date', 'NaN', '1e400', '-1', '99999999999999999999', '0000-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '7'].map(cursor));
  const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 3 })),
  })).value;
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, fc.string({ maxLength: 12 })), value, { maxKeys: 6 }) },
    { weight: 1, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
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
          fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 })), fc.oneof(text, number.map(String))),
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

describe('fuzzing every route', () => {
  let mine: FuzzOrganization;
  let theirs: FuzzOrganization;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([fuzzOrganization(), fuzzOrganization()]);
  });

  it(`no 5xx, error shape on every 4xx, no other tenant's id (${RUNS} cases, seed ${SEED})`, async () => {
    const anonymous = new ApiClient(stackInfo().apiUrl);
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary(mine, theirs), async (fuzz) => {
        const client = fuzz.route.public ? anonymous : mine.org.api;
        const url = urlOf(fuzz);
        const raw = fuzz.rawBody ?? (fuzz.body === undefined ? undefined : JSON.stringify(fuzz.body));
        const headers: Record<string, string> = raw === undefined ? {} : { 'content-type': 'application/json' };
        const response = await client.request(fuzz.route.method, url, undefined, { rawBody: raw, headers });
        sent += 1;
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
    // The cases reach past validation: some succeed, most are refused for their input.
    process.stdout.write(`fuzz: ${sent} requests, by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`);
    expect(statuses.get(200)).toBeGreaterThan(RUNS / 50);
    expect(statuses.get(400)).toBeGreaterThan(RUNS / 4);
  }, 600_000);
});
