import { IsOptional, ValidateIf, ValidationError, ValidationOptions, validateSync } from 'class-validator';
import { BadRequestError } from './errors';
import { toInstance } from './fast-instantiation';
import { isCertainlyValid } from './fast-validation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- class-transformer's own constructor type
type Constructor<T> = new (...args: any[]) => T;

/** Field may be absent; when present it must not be null (e.g. `title` on a partial update). */
export function IsOptionalNonNull(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}

/** Field may be absent or null (null clears it); other values go through the remaining rules. */
export const IsNullable = IsOptional;

function collect(errors: ValidationError[], parent: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      into[path] = Object.values(error.constraints).map((message) => message.replace(error.property, path));
    }
    if (error.children?.length) collect(error.children, path, into);
  }
}

export function formatValidationErrors(errors: ValidationError[]): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  collect(errors, '', details);
  return details;
}

export interface ValidateOptions {
  /** Where the input came from, for the error message ("body", "query"). */
  source?: string;
}

/**
 * Turns untrusted input into a validated DTO instance or throws 400 with one entry per failing field.
 * Unknown fields are rejected, not dropped, so typos never pass silently.
 */
export function validateDto<T extends object>(cls: Constructor<T>, input: unknown, options: ValidateOptions = {}): T {
  const source = options.source ?? 'body';
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new BadRequestError(`Request ${source} must be a JSON object`, {
      [source]: [Array.isArray(input) ? 'expected an object, got an array' : 'expected an object'],
    });
  }
  const refused: string[] = [];
  const instance = toInstance(cls, input as object, refused);
  if (!refused.length && isCertainlyValid(instance)) return instance;
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  const details = formatValidationErrors(errors);
  // A name of Object.prototype is an unknown field like any other, unless the value around it is
  // already refused (an unknown field, an object where a string belongs): then that one entry says it.
  for (const path of refused) {
    if (Object.keys(details).some((field) => path.startsWith(`${field}.`))) continue;
    // Defined, not assigned: `details.__proto__ = …` would set the prototype of details.
    Object.defineProperty(details, path, { value: [`property ${path} should not exist`], enumerable: true, writable: true, configurable: true });
  }
  const fields = Object.keys(details);
  if (fields.length > 0) throw new BadRequestError(`Invalid ${source}: ${fields.join(', ')}`, details);
  return instance;
}
