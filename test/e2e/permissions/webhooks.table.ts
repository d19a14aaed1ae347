import type { PermissionCase } from './permission-case';

/** Rows for webhook subscriptions and deliveries (webhook-dispatcher). */
export const WEBHOOK_CASES: PermissionCase[] = [];
