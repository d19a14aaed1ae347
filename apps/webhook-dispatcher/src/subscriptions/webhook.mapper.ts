import type { EventType, WebhookResponse } from '@pds/contracts';

export interface SubscriptionRecord {
  id: string;
  url: string;
  description: string | null;
  active: boolean;
  events: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function toWebhookResponse(record: SubscriptionRecord): WebhookResponse {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    active: record.active,
    events: record.events as EventType[],
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
