import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidationOptions,
  registerDecorator,
} from 'class-validator';
import { EVENT_TYPES, EventType } from '../common/events';
import { ListQuery } from '../common/pagination';
import { IsNullable, IsOptionalNonNull } from '../common/validation';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;
export const MAX_WEBHOOK_EVENTS = 9;
export const DEFAULT_DELIVERY_PAGE_SIZE = 25;
export const MAX_DELIVERY_PAGE_SIZE = 100;

/** Why a string is not an acceptable webhook URL (syntax only; the address check is the dispatcher's), or null. */
export function webhookUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  return null;
}

/** http(s) URI of at most 2048 characters without user:password. */
export function IsWebhookUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isWebhookUrl',
      target: target.constructor,
      propertyName: propertyName.toString(),
      options: {
        message: (args) => `${args.property} ${webhookUrlProblem(args.value) ?? 'is invalid'}`,
        ...options,
      },
      validator: { validate: (value: unknown) => webhookUrlProblem(value) === null },
    });
}

/** Contract event types only: internal event types are never offered to subscribers. */
function EventList(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    IsArray()(target, propertyName);
    ArrayMinSize(1)(target, propertyName);
    ArrayMaxSize(MAX_WEBHOOK_EVENTS)(target, propertyName);
    ArrayUnique({ message: '$property must not contain the same event twice' })(target, propertyName);
    IsIn(EVENT_TYPES as string[], { each: true, message: `each value in $property must be one of: ${EVENT_TYPES.join(', ')}` })(
      target,
      propertyName,
    );
  };
}

/** `GET /webhooks`: a plain array with the common `limit`/`cursor` paging (ARCHITECTURE.md section 5). */
export class ListWebhooksQuery extends ListQuery {}

/** Contract 4.11. */
export class CreateWebhookDto {
  @IsWebhookUrl()
  url: string;

  @EventList()
  events: EventType[];

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string;
}

/** Contract 4.12: everything optional, description nullable. */
export class UpdateWebhookDto {
  @IsOptionalNonNull()
  @IsWebhookUrl()
  url?: string;

  @IsOptionalNonNull()
  @EventList()
  events?: EventType[];

  @IsNullable()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;

  @IsOptionalNonNull()
  @IsBoolean()
  active?: boolean;
}

/** Contract 4.13. */
export class ListDeliveriesQuery {
  @IsOptional()
  @IsUUID()
  webhookId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_DELIVERY_PAGE_SIZE)
  limit?: number;
}
