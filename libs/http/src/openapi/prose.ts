import { createHash } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import { FIELD_GLOSSARY, FieldDoc, ID_PARAMETER, SCHEMA_GLOSSARY } from '@pds/contracts';

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const SCHEMA_REF = '#/components/schemas/';

/**
 * The record a schema or an operation is about, as the glossary names it: `CreateWorkItemDto`,
 * `WorkItemResponse` and `WorkItem_list` are all `WorkItem`.
 */
export function recordOf(name: string): string {
  const base = name
    .replace(/_.*$/, '')
    .replace(/(Response|Dto|Query|Request|Data|Ref|Input|Page)$/, '')
    .replace(/(Detail|StatusChanged|Created)$/, '')
    .replace(/^(Create|Update|List|Public|Related|Created|Me)(?=[A-Z])/, '');
  return ALIASES[base] ?? base;
}
const ALIASES: Record<string, string> = {
  IntakeSubmission: 'Intake',
  KeyResultInput: 'KeyResult',
  ChangelogEntry: 'ChangelogEntry',
  Portal: 'Intake',
  PortalChangelog: 'Changelog',
  PortalPages: 'Intake',
  WorkItemArtifact: 'WorkItem',
};

function glossary(record: string, field: string): FieldDoc | undefined {
  return FIELD_GLOSSARY[`${record}.${field}`] ?? FIELD_GLOSSARY[field];
}

function* operations(document: OpenAPIObject): Generator<[string, string, Json]> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Json)) if (METHODS.includes(method)) yield [path, method, operation as Json];
  }
}

const WORDS: Record<string, string> = {
  Ckr: 'CKR (OKR)',
  ApiKey: 'API key',
  PersonalApiKey: 'personal API key',
  Intake: 'intake submission',
  Changelog: 'changelog entry',
  Webhook: 'webhook subscription',
  WebhookAttempt: 'delivery attempt',
  Repository: 'repository connection',
  RepoDelivery: 'repository hook delivery',
};

/** `WorkItem` → `work item`, for the generated descriptions of request and answer classes. */
function inWords(record: string): string {
  return WORDS[record] ?? record.replace(/(?<=[a-z])([A-Z])/g, ' $1').toLowerCase();
}

/**
 * A class without words of its own (`@ApiSchema({ description })`) takes the glossary's, else
 * what it is for, read from its name: the body of a create or an update, or an answer.
 */
function describeSchema(name: string, schema: Json): void {
  if (schema.description) return;
  if (SCHEMA_GLOSSARY[name]) {
    schema.description = SCHEMA_GLOSSARY[name];
    return;
  }
  const match = /^(Create|Update)?([A-Z]\w*?)(Dto|Response)$/.exec(name);
  if (!match) return;
  const [, verb, base, kind] = match;
  const words = inWords(verb ? base : recordOf(name));
  const article = /^([aeio]|un)/i.test(words) ? 'an' : 'a';
  if (verb === 'Create') schema.description = `What creating ${article} ${words} takes.`;
  else if (verb === 'Update') schema.description = `The fields of ${article} ${words} to change; those left out stay as they are.`;
  else if (kind === 'Response') schema.description = `${article[0].toUpperCase()}${article.slice(1)} ${words}, as the API answers it.`;
}

/** Each property without a description of its own gets the glossary's. */
function describeProperties(schema: Json, record: string): void {
  for (const [field, property] of Object.entries((schema.properties as Json | undefined) ?? {})) {
    const target = property as Json;
    if (target.description) continue;
    const entry = glossary(record, field);
    if (entry) target.description = entry.description;
  }
}

const FILTER_FREE = new Set(['limit', 'cursor', 'q', 'updatedSince', 'sort', 'since', 'until', 'after']);

function describeParameters(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    const record = recordOf(String(operation.operationId ?? ''));
    for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
      if (parameter.description) continue;
      const name = String(parameter.name);
      if (parameter.in === 'path' && name === 'id') {
        parameter.description = ID_PARAMETER;
        continue;
      }
      const entry = glossary(record, name);
      if (!entry) continue;
      // An entry written for the parameter itself ("Only events …") already says it filters.
      const filter = parameter.in === 'query' && !FILTER_FREE.has(name) && !entry.description.startsWith('Only ');
      const schema = parameter.schema as Json | undefined;
      const several = schema?.type === 'array' ? ' Several values: comma-separated or repeated; any of them matches.' : '';
      parameter.description = filter ? `Only records whose \`${name}\` is this.${several} ${entry.description}` : entry.description;
    }
  }
}

// ---- Examples --------------------------------------------------------------------------------

/** A stable, realistic-looking uuid per field name, so an example's ids do not all look alike. */
function uuidFor(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16], 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The example of a field by its type and format, when neither it nor the glossary gives one. */
function byType(schema: Json, field: string, record: string): unknown {
  const format = schema.format as string | undefined;
  if (format === 'uuid') return uuidFor(`${record}.${field}`);
  if (format === 'date-time') return '2026-03-14T09:30:00.000Z';
  if (format === 'date') return '2026-04-01';
  if (format === 'email') return 'ada@example.com';
  if (format === 'uri') return 'https://example.com/pds';
  if (schema.type === 'integer' || schema.type === 'number') {
    const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const maximum = typeof schema.maximum === 'number' ? schema.maximum : minimum + 10;
    return Math.min(Math.max(3, minimum), maximum);
  }
  if (schema.type === 'boolean') return true;
  if (schema.type === 'object') return {};
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const text = field ? `Example ${field}` : 'example';
  return text.padEnd(minLength, '.').slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
}

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
  email: /^[^@\s]+@[^@\s]+$/,
  uri: /^https?:\/\//,
};

class ExampleComposer {
  private readonly schemas: Json;
  constructor(document: OpenAPIObject) {
    this.schemas = (document.components?.schemas ?? {}) as Json;
  }

  /**
   * The example of a schema: a named field's from the glossary or its type, a class's from its
   * fields. A request body shows its required fields and the optional ones the glossary gives an
   * example for (what a caller would typically send); an answer shows every field.
   */
  of(schema: Json, record: string, field = '', depth = 0, request = false): unknown {
    if (depth > 8) return undefined;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.slice(SCHEMA_REF.length);
      return this.of(this.schemas[name] as Json, recordOf(name), field, depth + 1, request);
    }
    if ('example' in schema) return schema.example;
    if ('const' in schema) return schema.const;
    const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (alternatives) {
      const entry = field ? glossary(record, field) : undefined;
      if (entry && 'example' in entry && entry.example === null) return null;
      const concrete = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
      return this.of(concrete, record, field, depth + 1, request);
    }
    if (Array.isArray(schema.allOf)) {
      return Object.assign({}, ...(schema.allOf as Json[]).map((part) => this.of(part, record, field, depth + 1, request) as object));
    }
    const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
    const entry = field ? glossary(record, field) : undefined;
    if (type === 'object' || schema.properties) {
      if (!schema.properties) return entry?.example ?? {};
      const out: Json = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(schema.properties as Json)) {
        if (request && !required.has(name) && !this.typical(property as Json, record, name)) continue;
        out[name] = this.of(property as Json, record, name, depth + 1, request);
      }
      return out;
    }
    if (type === 'array') {
      if (entry && 'example' in entry && Array.isArray(entry.example)) return entry.example;
      const item = this.of((schema.items as Json | undefined) ?? {}, record, field, depth + 1, request);
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: schema.uniqueItems ? Math.min(count, 1) : count }, () => item);
    }
    if (entry && 'example' in entry && this.fits(schema, entry.example)) return entry.example;
    if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).find((value) => value !== null);
    return byType({ ...schema, type }, field, record);
  }

  /** An optional request field worth showing: the glossary has an example that suits it. */
  private typical(schema: Json, record: string, field: string): boolean {
    const entry = glossary(record, field);
    if (!entry || !('example' in entry) || entry.example === null) return false;
    if (schema.$ref || schema.properties || schema.type === 'array') return true;
    return this.fits(schema, entry.example);
  }

  /** A glossary example must also suit this field's type (the glossary is by name, across records). */
  private fits(schema: Json, value: unknown): boolean {
    if (value === null) return Array.isArray(schema.type) && (schema.type as string[]).includes('null');
    if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).includes(value);
    const types = ([] as unknown[]).concat(schema.type ?? []);
    const type = typeof value === 'number' ? (Number.isInteger(value) ? ['integer', 'number'] : ['number']) : [typeof value];
    if (types.length && !types.some((t) => type.includes(t as string))) return false;
    if (typeof value === 'string') {
      const format = FORMATS[schema.format as string];
      if (format && !format.test(value)) return false;
      if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
      if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern as string, 'u').test(value)) return false;
    }
    if (typeof value === 'number') {
      if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
      if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    }
    return true;
  }
}

function setExample(media: Json | undefined, composer: ExampleComposer, record: string, request = false): void {
  if (!media?.schema || 'example' in media || 'examples' in media) return;
  media.example = composer.of(media.schema as Json, record, '', 0, request);
}

function addExamples(document: OpenAPIObject): void {
  const composer = new ExampleComposer(document);
  for (const [, , operation] of operations(document)) {
    const record = recordOf(String(operation.operationId ?? ''));
    const body = operation.requestBody as Json | undefined;
    setExample((body?.content as Json | undefined)?.['application/json'] as Json | undefined, composer, record, true);
    for (const [status, response] of Object.entries((operation.responses as Json | undefined) ?? {})) {
      if (!status.startsWith('2')) continue;
      setExample(((response as Json).content as Json | undefined)?.['application/json'] as Json | undefined, composer, record);
    }
  }
  for (const item of Object.values(((document as unknown as Json).webhooks as Json | undefined) ?? {})) {
    const body = ((item as Json).post as Json).requestBody as Json;
    setExample((body.content as Json)['application/json'] as Json, composer, '');
  }
}

/**
 * Fills in the document's words from the glossary (fields and parameters without their own
 * description) and composes an example for every JSON request body and success answer from the
 * examples of its fields, so a new shape gets both without extra work.
 */
export function addProse(document: OpenAPIObject): void {
  for (const [name, schema] of Object.entries((document.components?.schemas ?? {}) as Json)) {
    describeSchema(name, schema as Json);
    describeProperties(schema as Json, recordOf(name));
  }
  describeParameters(document);
  addExamples(document);
}

/**
 * Every place a reader would find no words or no example: operations without a summary or a
 * description, parameters and schema properties without a description, JSON bodies and success
 * answers without an example. `npm run lint:openapi` fails on any, naming each.
 */
export function proseProblems(document: OpenAPIObject): string[] {
  const problems: string[] = [];
  const schemas = (document.components?.schemas ?? {}) as Json;
  // Every object schema, named or inline (a route's own JSON-RPC shapes). Readers resolve a $ref
  // field to its schema, so the schema's description is what they see.
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${where}[${index}]`));
    if (typeof node !== 'object' || node === null) return;
    const object = node as Json;
    if (object.properties && typeof object.properties === 'object' && !Array.isArray(object.properties)) {
      for (const [field, property] of Object.entries(object.properties as Json)) {
        // A $ref field is described by its schema, and every schema needs a description.
        if (typeof (property as Json).$ref !== 'string' && !(property as Json).description) {
          problems.push(`field ${where}.${field} has no description (Field.*({ description }) or FIELD_GLOSSARY['${recordOf(where.split(/[ .[]/)[0])}.${field}'] / ['${field}'])`);
        }
      }
    }
    for (const [key, value] of Object.entries(object)) {
      if (key === 'example' || key === 'examples') continue;
      visit(value, key === 'properties' ? where : /^#|^\//.test(key) ? `${where} ${key}` : where);
    }
  };
  for (const [name, schema] of Object.entries(schemas)) {
    if (!(schema as Json).description) problems.push(`schema ${name} has no description (@ApiSchema({ description }) on the class, or SCHEMA_GLOSSARY['${name}'])`);
    visit(schema, name);
  }
  for (const [path, method, operation] of operations(document)) visit(operation, `${method.toUpperCase()} ${path}`);
  for (const [event, item] of Object.entries(((document as unknown as Json).webhooks as Json | undefined) ?? {})) visit(item, `webhook ${event}`);
  for (const [path, method, operation] of operations(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!operation.summary || !operation.description) problems.push(`operation ${where} has no ${operation.summary ? 'description' : 'summary'} (@Doc(summary, description, { requires }))`);
    for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
      if (!parameter.description) problems.push(`parameter ${String(parameter.name)} (${String(parameter.in)}) of ${where} has no description (FIELD_GLOSSARY['${recordOf(String(operation.operationId ?? ''))}.${String(parameter.name)}'] / ['${String(parameter.name)}'])`);
    }
    const body = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
    if (body && !('example' in body)) problems.push(`request body of ${where} has no example`);
    for (const [status, response] of Object.entries((operation.responses as Json | undefined) ?? {})) {
      const media = ((response as Json).content as Json | undefined)?.['application/json'] as Json | undefined;
      if (status.startsWith('2') && media && !('example' in media)) problems.push(`${status} answer of ${where} has no example`);
    }
  }
  return problems;
}
