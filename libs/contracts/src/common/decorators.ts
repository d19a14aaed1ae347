import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsUUID, Max, Min, ValidationOptions, registerDecorator } from 'class-validator';
import { isCalendarDate } from './identifiers';

/** `YYYY-MM-DD` calendar date (dueDate, startDate, endDate). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: propertyName.toString(),
      options: { message: '$property must be a date in the form YYYY-MM-DD', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value) },
    });
}

/** The largest value of a PostgreSQL `integer` column: larger counts are refused, not a 500. */
export const MAX_INT4 = 2_147_483_647;

/** A whole number from `min` up to what an `integer` column holds (estimate, storyPoints, reach, effort). */
export function IsStoredInt(min: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of [IsInt(), Min(min), Max(MAX_INT4)]) decorate(target, propertyName);
  };
}

/** The instants PostgreSQL and every client can represent: years 1 to 9999 (UTC). */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** ISO 8601 timestamp with a time zone, as this API returns them. */
export function IsTimestamp(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTimestamp',
      target: target.constructor,
      propertyName: propertyName.toString(),
      options: { message: '$property must be an ISO 8601 timestamp between the years 1 and 9999', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
          Date.parse(value) >= EARLIEST &&
          Date.parse(value) <= LATEST,
      },
    });
}

/** An array of distinct uuids, at most `max` of them (labelIds, mentionedUserIds, watcherIds, …). */
export function IsIdList(max: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of [IsArray(), ArrayMaxSize(max), ArrayUnique(), IsUUID('all', { each: true })]) decorate(target, propertyName);
  };
}
