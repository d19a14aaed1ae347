import { Header, applyDecorators } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger/dist/constants';

/** How long a deprecated route answers after its deprecation, at least (docs/api.md, Deprecation policy). */
export const MIN_DEPRECATION_MONTHS = 6;

export interface DeprecationNotice {
  /** The day the deprecation was announced (CHANGELOG), `YYYY-MM-DD`. */
  since: string;
  /** The day the route may be removed, `YYYY-MM-DD`: at least MIN_DEPRECATION_MONTHS after `since`. */
  sunset: string;
  /** Where the replacement is described. */
  link: string;
}

function day(value: string, name: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) throw new Error(`@Deprecated: ${name} must be YYYY-MM-DD, got ${value}`);
  return date;
}

/**
 * Marks a route deprecated: every success carries `Deprecation: @<unix seconds>` (RFC 9745),
 * `Sunset: <HTTP date>` (RFC 8594) and `Link: <link>; rel="deprecation"`, and the OpenAPI
 * operation says `deprecated: true`. A sunset sooner than the policy allows fails at start-up.
 */
export function Deprecated(notice: DeprecationNotice): MethodDecorator {
  const since = day(notice.since, 'since');
  const sunset = day(notice.sunset, 'sunset');
  const earliest = new Date(since);
  earliest.setUTCMonth(earliest.getUTCMonth() + MIN_DEPRECATION_MONTHS);
  if (sunset < earliest) throw new Error(`@Deprecated: sunset ${notice.sunset} is less than ${MIN_DEPRECATION_MONTHS} months after ${notice.since}`);
  const openApi: MethodDecorator = (_target, _key, descriptor) => {
    // Merged by hand: swagger's ApiOperation would reset a summary set by another decorator.
    const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
    Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, deprecated: true }, descriptor.value as object);
  };
  return applyDecorators(
    Header('Deprecation', `@${Math.floor(since.getTime() / 1000)}`),
    Header('Sunset', sunset.toUTCString()),
    Header('Link', `<${notice.link}>; rel="deprecation"`),
    openApi,
  );
}
