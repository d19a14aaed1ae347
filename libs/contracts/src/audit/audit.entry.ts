import type { AuthContext } from '../common/auth-context';
import { AuditActorType, AuditVia } from '../common/enums';
import type { RecordKind } from '../common/record-kinds';
import type { AuditEntryResponse } from './audit.responses';

/**
 * The event type of an audit entry on the EVENTS stream: it travels through each context's outbox
 * like a domain event (same transaction as the change), is never offered to webhook subscribers,
 * and the webhook dispatcher's audit consumer keeps the queryable log.
 */
export const AUDIT_EVENT_TYPE = 'audit.recorded';

/** What an entry may be about: the record kinds, and the identity and integration records that have no kind. */
export type AuditRecordType = RecordKind | 'user' | 'api_key' | 'webhook' | 'repository' | 'organization' | 'organization_settings' | 'erasure';

export interface AuditRecordRef {
  type: AuditRecordType;
  id: string;
  key?: string | null;
}

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** What a write path says about its change; who and through which edge come from the caller. */
export interface AuditWrite {
  action: string;
  record: AuditRecordRef;
  changes?: AuditChanges | null;
}

/** An actor that has no key: the portal's visitors, the operator, the service's own jobs. */
export interface AuditSource {
  organizationId: string;
  actor: Exclude<AuditActorType, 'USER'>;
  via: AuditVia;
}

/** Who made a change: the caller's auth (as the edge resolved it), or a keyless source. */
export type AuditBy = AuthContext | AuditSource;

/** One entry as it travels and is stored; the actor's name is filled in when read. */
export type AuditEntry = AuditEntryResponse;

/** The user id of automations' auth (no user): never shown as a user. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** The name shown for actors that are not a person. */
export const AUDIT_ACTOR_NAMES: Readonly<Record<Exclude<AuditActorType, 'USER'>, string>> = Object.freeze({
  AUTOMATION: 'Repository automation',
  PORTAL: 'Portal',
  OPERATOR: 'Operator',
  SYSTEM: 'System',
});

function actorOf(by: AuditBy): { actor: AuditEntry['actor']; via: AuditVia } {
  if ('actor' in by) {
    return { actor: { type: by.actor, userId: null, apiKeyId: null, name: AUDIT_ACTOR_NAMES[by.actor] }, via: by.via };
  }
  const via = by.via ?? AuditVia.SYSTEM;
  // A repository automation acts with its connection's id as key and no user.
  if (via === AuditVia.GIT || by.userId === NO_USER) {
    return { actor: { type: AuditActorType.AUTOMATION, userId: null, apiKeyId: by.keyId, name: AUDIT_ACTOR_NAMES.AUTOMATION }, via };
  }
  return { actor: { type: AuditActorType.USER, userId: by.userId, apiKeyId: by.keyId, name: null }, via };
}

/** The entry of one change, as the outbox carries it. */
export function auditEntry(by: AuditBy, write: AuditWrite, id: string, at: string, requestId: string | null): AuditEntry {
  const { actor, via } = actorOf(by);
  return {
    id,
    at,
    actor,
    via,
    action: write.action,
    record: { type: write.record.type, id: write.record.id, key: write.record.key ?? null },
    changes: write.changes && Object.keys(write.changes).length > 0 ? write.changes : null,
    requestId,
  };
}

/** Texts longer than this are cut in `changes`: the log says what changed, the record holds the text. */
export const AUDIT_TEXT_LIMIT = 200;

/**
 * Fields never written into `changes`: secrets, and a stakeholder's contact data (so that erasing a
 * stakeholder's data never has to touch the audit log).
 */
const NEVER_LOGGED = /secret|password|token|apikey|keyhash|^submitter(name|email)$|^email$|^voter/i;

/** A text as `changes` shows it: cut after AUDIT_TEXT_LIMIT characters. */
export function auditText(value: string): string {
  return value.length > AUDIT_TEXT_LIMIT ? `${value.slice(0, AUDIT_TEXT_LIMIT)}…` : value;
}

function shortened(value: unknown): unknown {
  if (typeof value === 'string' && value.length > AUDIT_TEXT_LIMIT) return `${value.slice(0, AUDIT_TEXT_LIMIT)}…`;
  if (value === undefined) return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `{field: {from, to}}` for the fields of `after` whose value differs from `before` (only the
 * fields named in `fields` when given, e.g. a PATCH body's keys), texts shortened, secrets and
 * contact data left out; null when nothing changed.
 */
export function changesOf<T extends object>(before: T, after: T, fields?: Iterable<string>): AuditChanges | null {
  const changes: AuditChanges = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const field of fields ?? Object.keys(a)) {
    if (NEVER_LOGGED.test(field) || field === 'updatedAt' || field === 'createdAt') continue;
    if (!(field in a) || same(b[field], a[field])) continue;
    changes[field] = { from: shortened(b[field]), to: shortened(a[field]) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
