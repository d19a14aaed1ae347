import { Field } from '../common/schema';
import { AuditActorType, AuditVia } from '../common/enums';

export class AuditActorResponse {
  @Field.enum(AuditActorType) type!: AuditActorType;
  @Field.uuid({ nullable: true, description: 'The user whose key made the change; null for automations, the portal, the operator and the service' })
  userId!: string | null;
  @Field.string({ nullable: true, description: 'The API key used (or the repository connection of an automation); never the secret' })
  apiKeyId!: string | null;
  @Field.string({ nullable: true, description: "The user's current name, or what acted (\"Repository automation\", \"Portal\")" })
  name!: string | null;
}

export class AuditRecordResponse {
  @Field.string({ description: 'Record kind, as in event types (`work_item`, `ckr`, `user`, `webhook`, …)' }) type!: string;
  @Field.uuid() id!: string;
  @Field.string({ nullable: true, description: 'Human key (`WI-12`), null for kinds without one' }) key!: string | null;
}

/** One change: who, through which edge, what, to which record. */
export class AuditEntryResponse {
  @Field.uuid() id!: string;
  @Field.timestamp() at!: string;
  @Field.object(() => AuditActorResponse) actor!: AuditActorResponse;
  @Field.enum(AuditVia) via!: AuditVia;
  @Field.string({ description: '`created`, `updated`, `deleted`, `restored`, `archived`, `unarchived` or a domain verb (`promoted`, `concluded`, `converted`, `published`, `revoked`, …)' })
  action!: string;
  @Field.object(() => AuditRecordResponse) record!: AuditRecordResponse;
  @Field.record({
    nullable: true,
    description: '`{field: {from, to}}` of an update (texts longer than 200 characters shortened, secrets and stakeholder contact data never); null when not an update',
  })
  changes!: Record<string, { from: unknown; to: unknown }> | null;
  @Field.string({ nullable: true, description: 'The `x-request-id` of the request that made the change' }) requestId!: string | null;
}
