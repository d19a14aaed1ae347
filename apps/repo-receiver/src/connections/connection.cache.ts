import { Inject, Injectable } from '@nestjs/common';
import { RepoAutomations, RepoSubjects } from '@pds/contracts';
import { LookupCache } from '@pds/edge';
import { MessageBus } from '@pds/messaging';
import { SecretBox } from '@pds/secrets';
import { REPO_SECRET_BOX } from '../common/repo.options';
import { normaliseAutomations } from './connection.mapper';
import { ConnectionRepository } from './connection.repository';

/**
 * How long a receiver trusts its copy of a connection. A change on this replica evicts it at once
 * and the broadcast evicts it on the others within milliseconds; the TTL only bounds the delay
 * should that broadcast be lost.
 */
export const CONNECTION_CACHE_TTL_MS = 5_000;

/** What the receiver and the processing need of a connection; the secrets are decrypted once per load. */
export interface ReceiverConnection {
  id: string;
  organizationId: string;
  provider: string;
  fullName: string;
  fullNameKey: string;
  webUrl: string;
  defaultBranch: string;
  automations: RepoAutomations;
  active: boolean;
  /** The current secret, then the one before the last rotation while it is still accepted. */
  secrets: readonly { secret: string; expiresAt: number | null }[];
}

/**
 * Connections by id for the acknowledgement path and the processing: one map lookup instead of a
 * query and two decryptions per delivery. Unknown ids are remembered too (as null) so that a flood
 * of made-up ids costs one query each per TTL.
 */
@Injectable()
export class ConnectionCache {
  private readonly cache = new LookupCache<ReceiverConnection | null>(CONNECTION_CACHE_TTL_MS, (id) => this.load(id));

  constructor(
    @Inject(ConnectionRepository) private readonly connections: ConnectionRepository,
    @Inject(REPO_SECRET_BOX) private readonly box: SecretBox,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  /** The connection a receiver URL names, whatever its organization (the URL is all the receiver knows). */
  forReceiver(id: string): Promise<ReceiverConnection | null> {
    return this.cache.get(id);
  }

  /** The connection if it still exists and belongs to the organization. */
  async forOrganization(organizationId: string, id: string): Promise<ReceiverConnection | null> {
    const connection = await this.cache.get(id);
    return connection?.organizationId === organizationId ? connection : null;
  }

  /** Secrets a delivery may be signed with now. */
  validSecrets(connection: ReceiverConnection, now = Date.now()): string[] {
    return connection.secrets.filter((s) => s.expiresAt === null || s.expiresAt > now).map((s) => s.secret);
  }

  /** After a change committed on this replica: drop it here and tell the other replicas. */
  changed(id: string): void {
    this.cache.evict(id);
    this.bus.broadcast(RepoSubjects.connectionChanged, { id });
  }

  /** Another replica changed it (the broadcast). */
  forget(id: string): void {
    this.cache.evict(id);
  }

  private async load(id: string): Promise<ReceiverConnection | null> {
    const row = await this.connections.findForReceiver(id);
    if (!row) return null;
    const secrets = [{ secret: this.box.open(row.secretEncrypted), expiresAt: null as number | null }];
    if (row.previousSecretEncrypted && row.previousSecretExpiresAt) {
      secrets.push({ secret: this.box.open(row.previousSecretEncrypted), expiresAt: row.previousSecretExpiresAt.getTime() });
    }
    return {
      id: row.id,
      organizationId: row.organizationId,
      provider: row.provider,
      fullName: row.fullName,
      fullNameKey: row.fullNameKey,
      webUrl: row.webUrl,
      defaultBranch: row.defaultBranch,
      automations: normaliseAutomations(row.automations as object),
      active: row.active,
      secrets,
    };
  }
}
