import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsUUID, Max, Min, ValidationArguments, ValidationOptions, registerDecorator } from 'class-validator';
import { enumValues } from './enums';
import { isCalendarDate } from './identifiers';

/**
 * A validation rule of our own as a class-validator decorator factory. `name` is what the OpenAPI
 * generator maps to a schema (`libs/http/src/openapi/validation-schema.ts`), so a new rule fails the
 * document build until it is documented; `message` is the default the caller's options may replace.
 * `validate` also gets the object validated, for a rule that depends on a sibling field.
 */
export function defineValidator(
  name: string,
  message: ValidationOptions['message'],
  validate: (value: unknown, args: ValidationArguments) => boolean,
): (options?: ValidationOptions) => PropertyDecorator {
  return (options) => (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName.toString(), options: { message, ...options }, validator: { validate } });
}

/** `YYYY-MM-DD` calendar date (dueDate, startDate, endDate). */
export const IsCalendarDate = defineValidator(
  'isCalendarDate',
  '$property must be a date in the form YYYY-MM-DD',
  (value) => typeof value === 'string' && isCalendarDate(value),
);

/** The largest value of a PostgreSQL `integer` column: larger counts are refused, not a 500. */
export const MAX_INT4 = 2_147_483_647;

/** A whole number from `min` up to what an `integer` column holds (estimate, storyPoints, reach, effort). */
export function IsStoredInt(min: number): PropertyDecorator {
  return applyDecorators(IsInt(), Min(min), Max(MAX_INT4));
}

/** The instants PostgreSQL and every client can represent: years 1 to 9999 (UTC). */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** ISO 8601 timestamp with a time zone, as this API returns them. */
export const IsTimestamp = defineValidator(
  'isTimestamp',
  '$property must be an ISO 8601 timestamp between the years 1 and 9999',
  (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    Date.parse(value) >= EARLIEST &&
    Date.parse(value) <= LATEST,
);

/** An array of distinct uuids, at most `max` of them (labelIds, mentionedUserIds, watcherIds, …). */
export function IsIdList(max: number): PropertyDecorator {
  return applyDecorators(IsArray(), ArrayMaxSize(max), ArrayUnique(), IsUUID('all', { each: true }));
}

/** `?status=TODO&status=DONE` and `?status=TODO,DONE` both mean "any of". */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);

/** A list filter of a query string: any of the values of the enum `values`, repeated or comma-separated. */
export const IsAnyOf = (values: object): PropertyDecorator => applyDecorators(IsOptional(), Transform(toList), IsIn(enumValues(values), { each: true }));

/**
 * Why `value` is not an absolute URL with one of `protocols` (`'https'`), without credentials and at
 * most `maxLength` characters, or null. Syntax only: whether the host may be called is the caller's check.
 */
export function urlProblem(value: unknown, maxLength: number, protocols: readonly string[]): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > maxLength) return `must be at most ${maxLength} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (!protocols.includes(url.protocol.slice(0, -1))) return `must use ${protocols.join(' or ')}`;
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  return null;
}
