/*
 * Every response the suite receives from the stack is checked against the OpenAPI document the
 * build generated (the bytes the gateway serves): the status must be documented for the operation
 * the method and path name, and the body must match that response's schema. A path no operation
 * matches must be the documented 404 error body. There is no way to receive a response unchecked:
 * the check sits in `fetch` itself (see validate-responses.ts).
 */
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../../tools/stack';

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Json;
}

export const OPENAPI_DOCUMENT_FILE = path.join(repoRoot, 'dist', 'openapi.json');
const DOCUMENT_ID = 'openapi.json';
/**
 * The validators of every response and webhook schema, compiled once by the run's global setup
 * (writeResponseValidators): compiling them in each spec file cost ~0.8 s of CPU a file, ~60 s of a
 * run's ~140 s in the jest workers. A schema missing from it is compiled where it is asked for.
 */
export const RESPONSE_VALIDATORS_FILE = path.join(repoRoot, '.e2e', 'openapi-validators.js');
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

let loaded: { document: Json; operations: Operation[] } | undefined;
/** Only for a schema the global setup did not compile: building it checks the whole document (~0.5 s). */
let fallback: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();
let precompiled: Record<string, ValidateFunction> | undefined;

function compiler(document: Json, options: { source?: boolean } = {}): Ajv2020 {
  // allowUnionTypes: OpenAPI 3.1 writes nullable as `type: [T, 'null']`, JSON-RPC ids as string|integer|null.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: options.source ?? false } });
  addFormats(ajv);
  // The document's own keywords sit beside the schemas; they are not schema keywords.
  ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'webhooks', 'externalDocs', 'example', 'discriminator', 'xml']);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    // `[^/]*`: the router also hands an empty segment to a parameter (`PATCH /work-items/` is a 400).
    const source = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]*');
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!METHODS.includes(method)) continue;
      operations.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), responses: (operation as Json).responses as Json });
    }
  }
  // A fixed segment wins over a parameter (/webhooks/deliveries before /webhooks/{id}), as in the router.
  const specificity = (template: string) => template.split('/').map((part) => (part.startsWith('{') ? '0' : '1')).join('');
  operations.sort((a, b) => specificity(b.template).localeCompare(specificity(a.template)));
  loaded = { document, operations };
  return loaded;
}

export function openApiDocument(): Json {
  return load().document;
}

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function validatorFor(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    // Node's own require, not jest's: the 2 MB module is then parsed once per worker and shared by
    // its spec files (jest's registry would evaluate it again in each, 60–370 ms).
    precompiled ??= existsSync(RESPONSE_VALIDATORS_FILE) ? (createRequire(__filename)(RESPONSE_VALIDATORS_FILE) as Record<string, ValidateFunction>) : {};
    validate = precompiled[ref] ?? (fallback ??= compiler(load().document)).compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

const UNMATCHED_404_SCHEMA = `${DOCUMENT_ID}#/components/schemas/ApiErrorBody`;

/** Every schema bodyProblem can be asked for: each operation's JSON responses, the 404 of unknown paths, each webhook's payload. */
function checkedSchemaRefs(document: Json): string[] {
  const refs = new Set<string>([UNMATCHED_404_SCHEMA]);
  for (const [template, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!METHODS.includes(method)) continue;
      for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
        if (!(resolveResponse(response as Json, document).content as Json | undefined)?.['application/json']) continue;
        refs.add(responseSchemaRef(template, method, status, response as Json));
      }
    }
  }
  for (const event of Object.keys(document.webhooks as Json)) refs.add(webhookSchemaRef(event));
  return [...refs];
}

/** Compiles every checked schema of the build's document into RESPONSE_VALIDATORS_FILE (ajv's standalone code); answers how many. */
export function writeResponseValidators(): number {
  const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
  const ajv = compiler(document, { source: true });
  const refs = checkedSchemaRefs(document);
  const code = standaloneCode(ajv, Object.fromEntries(refs.map((ref) => [ref, ref])));
  mkdirSync(path.dirname(RESPONSE_VALIDATORS_FILE), { recursive: true });
  // Renamed into place: a run starting beside this one never reads half a file.
  const staging = `${RESPONSE_VALIDATORS_FILE}.${process.pid}`;
  writeFileSync(staging, code);
  renameSync(staging, RESPONSE_VALIDATORS_FILE);
  return refs.length;
}

const SHARED_RESPONSES = '#/components/responses/';

function resolveResponse(response: Json, document = load().document): Json {
  const ref = response.$ref as string | undefined;
  if (!ref) return response;
  return ((document.components as Json).responses as Json)[ref.slice(SHARED_RESPONSES.length)] as Json;
}

/** The JSON body schema of one documented response (`status` or `default`): the shared response's own when it refers to one. */
function responseSchemaRef(template: string, method: string, status: string, response: Json): string {
  const shared = response.$ref as string | undefined;
  return shared
    ? `${DOCUMENT_ID}#${pointer('', 'components', 'responses', shared.slice(SHARED_RESPONSES.length), 'content', 'application/json', 'schema')}`
    : `${DOCUMENT_ID}#${pointer('', 'paths', template, method, 'responses', status, 'content', 'application/json', 'schema')}`;
}

function webhookSchemaRef(event: string): string {
  return `${DOCUMENT_ID}#${pointer('', 'webhooks', event, 'post', 'requestBody', 'content', 'application/json', 'schema')}`;
}

export interface ReceivedResponse {
  method: string;
  url: URL;
  status: number;
  contentType: string | null;
  /** undefined: a stream that was not read (text/event-stream). */
  text: string | undefined;
}

function bodyProblem(label: string, schemaRef: string, received: ReceivedResponse): string | undefined {
  if (received.text === undefined) return `${label}: answered a stream (${received.contentType}) where JSON is documented`;
  let body: unknown;
  try {
    body = JSON.parse(received.text);
  } catch {
    return `${label}: body is not JSON: ${received.text.slice(0, 200)}`;
  }
  const validate = validatorFor(schemaRef);
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? []).slice(0, 10).map((error) => `  ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  return `${label}: body does not match the documented schema\n${errors.join('\n')}\n  body: ${received.text.slice(0, 500)}`;
}

/**
 * Routes kept out of the public document on purpose (docs/observability.md describes them): the
 * probes, the metrics, the documentation page and its files, and the portal's CORS preflights. The
 * only answers not validated; anything else that matches no operation must be the 404 error body.
 */
export const UNDOCUMENTED_ROUTES: readonly { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^\/(health|ready|version|metrics)$/ },
  { method: 'GET', pattern: /^\/docs(\/[^/]*)?$/ },
  { method: 'OPTIONS', pattern: /^\/public\/portals\// },
];

export function isUndocumentedRoute(method: string, path: string): boolean {
  return UNDOCUMENTED_ROUTES.some((route) => route.method === method && route.pattern.test(path));
}

export const responseCounts = { validated: 0, unmatched404: 0, undocumented: 0 };

/** Why the response contradicts the document, or undefined when it matches. */
export function responseProblem(received: ReceivedResponse): string | undefined {
  const { operations } = load();
  const path = received.url.pathname;
  if (isUndocumentedRoute(received.method, path)) {
    responseCounts.undocumented++;
    return undefined;
  }
  const operation = operations.find((candidate) => candidate.method === received.method && candidate.pattern.test(path));
  if (!operation) {
    // Unknown paths and methods: the documented error body, 404, nothing else.
    const label = `${received.method} ${path} (no documented operation) → ${received.status}`;
    if (received.status !== 404) return `${label}: a request that matches no operation must answer 404`;
    responseCounts.unmatched404++;
    return bodyProblem(label, UNMATCHED_404_SCHEMA, received);
  }
  const label = `${received.method} ${operation.template} → ${received.status}`;
  const status = String(received.status);
  const documented = operation.responses[status] ?? operation.responses.default;
  if (!documented) return `${label}: status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  responseCounts.validated++;
  const response = resolveResponse(documented as Json);
  const content = response.content as Json | undefined;
  const json = content?.['application/json'] as Json | undefined;
  if (!content) {
    if (received.text) return `${label}: documented without a body, got ${received.text.slice(0, 200)}`;
    return undefined;
  }
  if (!json) {
    // Pages and their assets: the media type is what is documented.
    const mediaType = received.contentType?.split(';')[0].trim() ?? '';
    return mediaType in content ? undefined : `${label}: content type ${mediaType} is not documented (${Object.keys(content).join(', ')})`;
  }
  const key = operation.responses[status] ? status : 'default';
  return bodyProblem(label, responseSchemaRef(operation.template, operation.method.toLowerCase(), key, documented as Json), received);
}

/** Problems found outside a fetch (webhook deliveries): validate-responses.ts fails the test with them. */
export const contractFailures: string[] = [];

/**
 * A webhook delivery the dispatcher sent to one of the tests' receivers, against the document's
 * `webhooks` entry of its event (envelope plus that event's `data`).
 */
export function webhookProblem(body: unknown): string | undefined {
  const event = (body as { event?: unknown } | undefined)?.event;
  const webhooks = load().document.webhooks as Json;
  if (typeof event !== 'string' || !(event in webhooks)) return `webhook delivery of an undocumented event: ${JSON.stringify(body)?.slice(0, 300)}`;
  return bodyProblem(`webhook ${event}`, webhookSchemaRef(event), {
    method: 'POST',
    url: new URL('http://receiver/'),
    status: 0,
    contentType: 'application/json',
    text: JSON.stringify(body),
  });
}

/**
 * Every example the document shows (JSON request bodies, success answers, webhook payloads),
 * validated against the schema beside it with the same compiler as the responses: an example a
 * client copies must be one the service would accept or send.
 */
export function exampleProblems(): { checked: number; problems: string[] } {
  const { document } = load();
  const problems: string[] = [];
  let checked = 0;
  const check = (segments: string[], media: Json | undefined) => {
    if (!media || !('example' in media)) return;
    checked++;
    const validate = validatorFor(`${DOCUMENT_ID}#${pointer('', ...segments, 'schema')}`);
    if (!validate(media.example)) problems.push(`${segments.join(' ')}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  };
  for (const [template, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!METHODS.includes(method)) continue;
      const { requestBody, responses } = operation as { requestBody?: Json; responses: Json };
      check(['paths', template, method, 'requestBody', 'content', 'application/json'], (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined);
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2') || (response as Json).$ref) continue;
        check(['paths', template, method, 'responses', status, 'content', 'application/json'], ((response as Json).content as Json | undefined)?.['application/json'] as Json | undefined);
      }
    }
  }
  for (const event of Object.keys(document.webhooks as Json)) {
    const post = ((document.webhooks as Json)[event] as Json).post as Json;
    check(['webhooks', event, 'post', 'requestBody', 'content', 'application/json'], ((post.requestBody as Json).content as Json)['application/json'] as Json);
  }
  return { checked, problems };
}
