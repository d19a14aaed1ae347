import { ApiProperty } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { ListSort, sortPattern } from '@pds/contracts';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Schema = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator keys its metadata by constructor
type Target = Function;

/**
 * Request schemas come from the class-validator decorators the pipes enforce, so the documented
 * constraints are the enforced ones. A validator without a mapping here fails the document build:
 * a new decorator cannot silently go undocumented.
 */
const KEYWORDS: Record<string, (constraints: unknown[]) => Schema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isUuid: () => ({ type: 'string', format: 'uuid' }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isCalendarDate: () => ({ type: 'string', format: 'date' }),
  isTimestamp: () => ({ type: 'string', format: 'date-time' }),
  isWebhookUrl: () => ({ type: 'string', format: 'uri', maxLength: 2048, description: 'http or https, without credentials' }),
  isRepoWebUrl: () => ({
    type: 'string',
    format: 'uri',
    maxLength: 2048,
    description: 'https (GitLab: http or https), without credentials, query or fragment; letters, digits, "-._~:/@[]" and %-escapes only. Stored normalized',
  }),
  isIn: ([values]) => ({ type: 'string', enum: values }),
  isLength: ([min, max]) => ({ minLength: min, ...(max === undefined ? {} : { maxLength: max }) }),
  minLength: ([min]) => ({ minLength: min }),
  maxLength: ([max]) => ({ maxLength: max }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
  matches: ([pattern]) => ({ pattern: (pattern as RegExp).source }),
  isSort: ([sort]) => ({ type: 'string', pattern: sortPattern(sort as ListSort), description: (sort as ListSort).description }),
  isObject: () => ({ type: 'object' }),
  isArray: () => ({ type: 'array' }),
  arrayMinSize: ([min]) => ({ minItems: min }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
  arrayUnique: () => ({ uniqueItems: true }),
};

interface PropertyShape {
  schema: Schema;
  items?: Schema;
  nested?: () => Target;
  required: boolean;
  nullable: boolean;
}

function shapeOf(target: Target, property: string, metadata: ValidationMetadata[]): PropertyShape {
  const shape: PropertyShape = { schema: {}, required: true, nullable: false };
  for (const entry of metadata) {
    if (entry.type === 'conditionalValidation') {
      // IsOptional skips null too (IsNullable); ValidateIf(value !== undefined) is IsOptionalNonNull.
      shape.required = false;
      if (entry.name === 'isOptional') shape.nullable = true;
      continue;
    }
    if (entry.type === 'nestedValidation') {
      const nested = defaultMetadataStorage.findTypeMetadata(target, property);
      if (!nested) throw new Error(`OpenAPI: ${target.name}.${property} is @ValidateNested without @Type`);
      shape.nested = () => nested.typeFunction() as Target;
      if (entry.each) shape.schema.type = 'array';
      continue;
    }
    if (entry.type !== 'customValidation') continue;
    const keyword = entry.name ? KEYWORDS[entry.name] : undefined;
    if (!keyword) throw new Error(`OpenAPI: no schema mapping for validator ${entry.name ?? '(unnamed)'} on ${target.name}.${property}`);
    const keywords = keyword(entry.constraints ?? []);
    if (entry.each) {
      shape.schema.type = 'array';
      shape.items = { ...shape.items, ...keywords };
    } else {
      Object.assign(shape.schema, keywords);
    }
  }
  return shape;
}

/** Query strings carry text: `limit=5` arrives as a string that @Type(() => Number) converts. */
function isArraySchema(shape: PropertyShape): boolean {
  return shape.schema.type === 'array' || shape.items !== undefined;
}

function apiPropertyOf(shape: PropertyShape): Parameters<typeof ApiProperty>[0] {
  const common = { required: shape.required, ...(shape.nullable ? { nullable: true } : {}) };
  if (shape.nested) {
    const nested = shape.nested;
    // swagger recognises a lazy model by the function's name, `type`.
    const { type: _type, ...keywords } = shape.schema;
    return { ...common, ...keywords, type: () => nested(), ...(isArraySchema(shape) ? { isArray: true } : {}) } as Parameters<typeof ApiProperty>[0];
  }
  if (isArraySchema(shape)) {
    const { type: _array, ...arrayKeywords } = shape.schema;
    return { ...common, ...arrayKeywords, type: 'array', items: shape.items ?? {} } as Parameters<typeof ApiProperty>[0];
  }
  return { ...common, ...shape.schema } as Parameters<typeof ApiProperty>[0];
}

const depth = (target: Target): number => (Object.getPrototypeOf(target) === Function.prototype ? 0 : 1 + depth(Object.getPrototypeOf(target) as Target));

/**
 * Gives the request DTOs among `candidates` (and the classes nested in them) the `@ApiProperty`
 * metadata their validators imply, so @nestjs/swagger documents bodies and query strings exactly
 * as the validation pipe enforces them. Runs once, when the document is built; it only adds metadata.
 */
export function documentValidatedClasses(candidates: Iterable<unknown>): void {
  const storage = getMetadataStorage();
  const pending = [...candidates].filter((value): value is Target => typeof value === 'function');
  const shapes = new Map<Target, Record<string, PropertyShape>>();
  while (pending.length) {
    const target = pending.pop()!;
    if (shapes.has(target)) continue;
    const metadata = storage.getTargetValidationMetadatas(target, '', true, false).filter((entry) => entry.target === target);
    const parent = Object.getPrototypeOf(target) as Target;
    // A class without rules of its own may still extend one with rules (a mixin's class).
    if (parent !== Function.prototype) pending.push(parent);
    if (!metadata.length) continue;
    const byProperty: Record<string, PropertyShape> = {};
    for (const [property, entries] of Object.entries(storage.groupByPropertyName(metadata))) {
      byProperty[property] = shapeOf(target, property, entries);
      if (byProperty[property].nested) pending.push(byProperty[property].nested!());
    }
    shapes.set(target, byProperty);
  }
  // Parents first: @nestjs/swagger copies a parent's documented properties into a subclass when the
  // subclass is decorated, so the parent must be complete by then.
  for (const [target, byProperty] of [...shapes].sort(([a], [b]) => depth(a) - depth(b))) {
    for (const [property, shape] of Object.entries(byProperty)) ApiProperty(apiPropertyOf(shape))(target.prototype as object, property);
  }
}
