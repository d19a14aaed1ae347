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
} from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { defineValidator, urlProblem } from '../common/decorators';
import { EVENT_TYPES, EventType } from '../common/events';
import { CreationListQuery, IsSort, NEWEST_FIRST_SORT } from '../common/sort';
import { IsNullable, IsOptionalNonNull } from '../common/validation';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;
export const MAX_WEBHOOK_EVENTS = 9;
export const DEFAULT_DELIVERY_PAGE_SIZE = 25;
export const MAX_DELIVERY_PAGE_SIZE = 100;

/** Why a string is not an acceptable webhook URL (syntax only; the address check is the dispatcher's), or null. */
export function webhookUrlProblem(value: unknown): string | null {
  return urlProblem(value, MAX_WEBHOOK_URL_LENGTH, ['http', 'https']);
}

/** http(s) URI of at most 2048 characters without user:password. */
export const IsWebhookUrl = defineValidator(
  'isWebhookUrl',
  (args) => `${args.property} ${webhookUrlProblem(args.value) ?? 'is invalid'}`,
  (value) => webhookUrlProblem(value) === null,
);

/** Contract event types only: internal event types are never offered to subscribers. */
const EventList = (): PropertyDecorator =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_WEBHOOK_EVENTS),
    ArrayUnique({ message: '$property must not contain the same event twice' }),
    IsIn(EVENT_TYPES as string[], { each: true, message: `each value in $property must be one of: ${EVENT_TYPES.join(', ')}` }),
  );

/** `GET /webhooks`: a plain array with the common `limit`/`cursor` paging like every list but deliveries. */
export class ListWebhooksQuery extends CreationListQuery {}

/** The interface contract's body for creating a subscription. */
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

/** Updating a subscription, as the interface contract allows: everything optional, description nullable. */
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

/** The interface contract's query parameters for listing deliveries. */
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

  @IsSort(NEWEST_FIRST_SORT)
  sort?: string;
}
