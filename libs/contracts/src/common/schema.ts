import { ApiProperty } from '@nestjs/swagger';

/**
 * Secrets (API keys, signing and receiver secrets) are shown once: present in the first answer,
 * absent when an `Idempotency-Key` retry replays it (they are never stored). The services always
 * return them, so the TypeScript field stays required; the document says optional.
 */
export const REPLAYED_WITHOUT_SECRET = 'Shown only in this answer; absent when an Idempotency-Key retry replays it';

/**
 * How a response field appears in the OpenAPI document. Response shapes are classes so that the
 * TypeScript type and the documented schema are one declaration. The contract's "always present"
 * rule is the default: every field is `required`; `nullable` means present and possibly null;
 * `optional` means the key may be absent.
 */
export interface FieldOptions {
  nullable?: boolean;
  optional?: boolean;
  description?: string;
  minimum?: number;
  /**
   * What the document's examples show for this field. Without it the glossary's example for the
   * field's name is used, else one by type and format (a uuid, an instant, `Example title`).
   */
  example?: unknown;
}

// The subset of ApiPropertyOptions these helpers pass on; kept loose because swagger's option type
// is a union that does not accept a spread of a partial.
type Schema = Record<string, unknown>;

function field(schema: Schema, options: FieldOptions = {}): PropertyDecorator {
  return ApiProperty({
    ...schema,
    required: !options.optional,
    ...(options.nullable ? { nullable: true } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.minimum !== undefined ? { minimum: options.minimum } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
  } as Parameters<typeof ApiProperty>[0]);
}

/** A class of the contracts used as a nested response shape. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- swagger's own type for a model class
type Model = () => Function;

export const Field = {
  string: (options?: FieldOptions) => field({ type: 'string' }, options),
  uuid: (options?: FieldOptions) => field({ type: 'string', format: 'uuid' }, options),
  /** ISO 8601 instant (createdAt, updatedAt, …). */
  timestamp: (options?: FieldOptions) => field({ type: 'string', format: 'date-time' }, options),
  /** `YYYY-MM-DD` (dueDate, startDate, endDate). */
  date: (options?: FieldOptions) => field({ type: 'string', format: 'date' }, options),
  uri: (options?: FieldOptions) => field({ type: 'string', format: 'uri' }, options),
  integer: (options?: FieldOptions) => field({ type: 'integer' }, options),
  number: (options?: FieldOptions) => field({ type: 'number' }, options),
  boolean: (options?: FieldOptions) => field({ type: 'boolean' }, options),
  enum: (values: object, options?: FieldOptions) => field({ type: 'string', enum: Object.values(values) }, options),
  // swagger recognises a lazy model by the function's name `type`, which only an arrow written as
  // the `type` property of an object literal gets.
  object: (model: Model, options?: FieldOptions) => field({ type: () => model() }, options),
  /** Free-form JSON object (`details` of an error, the portal's `data`). */
  record: (options?: FieldOptions) => field({ type: 'object', additionalProperties: true }, options),
  strings: (options?: FieldOptions) => field({ type: 'string', isArray: true }, options),
  uuids: (options?: FieldOptions) => field({ type: 'string', format: 'uuid', isArray: true }, options),
  enums: (values: object, options?: FieldOptions) => field({ type: 'string', enum: Object.values(values), isArray: true }, options),
  list: (model: Model, options?: FieldOptions) => field({ type: () => model(), isArray: true }, options),
};

/**
 * What every stored record answers with around its own fields: `id` first, `createdAt` last (then
 * `updatedAt`, for records that change: MutableRecordResponse), the order the contract lists them in.
 * swagger documents a base class's properties before the subclass's, so `id` is declared here and
 * `@Timestamped()` on the subclass documents the timestamps after the subclass's own fields.
 */
export class RecordResponse {
  @Field.uuid() id!: string;
  createdAt!: string;
}

export class MutableRecordResponse extends RecordResponse {
  updatedAt!: string;
}

/**
 * A record people also name by a human key (`WI-42`, `OKR-3`; parseRecordRef reads both): `key`
 * follows `id`. Intake submissions have a key but no `updatedAt`: IntakeSummaryResponse declares its own.
 */
export class KeyedRecordResponse extends MutableRecordResponse {
  @Field.string() key!: string;
}

/** Documents a RecordResponse's timestamps after the fields its class declares (see RecordResponse). */
export function Timestamped(): (target: new () => RecordResponse) => void {
  return (target) => {
    Field.timestamp()(target.prototype, 'createdAt');
    if (target.prototype instanceof MutableRecordResponse) Field.timestamp()(target.prototype, 'updatedAt');
  };
}
