import type { Provider, Type } from '@nestjs/common';
import { WorkItemController } from './work-item.controller';

/** REST routes of the delivery-intake context; each forwards over the bus. */
export const DELIVERY_CONTROLLERS: Type<unknown>[] = [WorkItemController];
export const DELIVERY_PROVIDERS: Provider[] = [];
