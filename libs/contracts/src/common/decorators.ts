import { ArrayMaxSize, ArrayUnique, IsArray, IsUUID, ValidationOptions, registerDecorator } from 'class-validator';
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

/** ISO 8601 timestamp with a time zone, as this API returns them. */
export function IsTimestamp(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTimestamp',
      target: target.constructor,
      propertyName: propertyName.toString(),
      options: { message: '$property must be an ISO 8601 timestamp', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
          !Number.isNaN(Date.parse(value)),
      },
    });
}

/** An array of distinct uuids, at most `max` of them (labelIds, mentionedUserIds, watcherIds, …). */
export function IsIdList(max: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    for (const decorate of [IsArray(), ArrayMaxSize(max), ArrayUnique(), IsUUID('all', { each: true })]) decorate(target, propertyName);
  };
}
