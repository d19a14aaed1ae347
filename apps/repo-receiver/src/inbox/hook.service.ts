import { Inject, Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError, RepoProvider, UnauthorizedError, isUuid } from '@pds/contracts';
import { Metrics } from '@pds/observability';
import { createHash } from 'node:crypto';
import { ConnectionCache, ReceiverConnection } from '../connections/connection.cache';
import { DeliveryInbox } from './delivery.inbox';
import { DeliveryStatus } from './received-delivery.repository';
import { githubSignatureValid, githubSignatureWellFormed, gitlabTokenValid } from './hook-signature';
import { PROCESSED_EVENTS, Unprocessable, toProviderEvent } from './provider-event';

export type HookHeaders = Record<string, string | string[] | undefined>;

export interface HookAnswer {
  status: 200 | 202;
  body: Record<string, unknown>;
}

function header(headers: HookHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The receiver: verify, store, acknowledge. The connection comes from a short-lived cache and the
 * store is a group commit, so the acknowledgement costs no query of its own. Linking and automations
 * run later, off the request path, from the outbox event the store writes (DeliveryHandler).
 */
@Injectable()
export class HookService {
  constructor(
    @Inject(ConnectionCache) private readonly connections: ConnectionCache,
    @Inject(DeliveryInbox) private readonly deliveries: DeliveryInbox,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /**
   * What can be refused before the body is read (HookAdmission calls it from the request's headers):
   * an unknown, inactive or malformed connection id (404), a GitLab token that does not match and a
   * GitHub signature header that cannot match (401). `receive` checks all of it again on the body.
   */
  async admit(provider: RepoProvider, connectionId: string, headers: HookHeaders): Promise<void> {
    try {
      const connection = await this.connection(provider, connectionId);
      if (provider === RepoProvider.GITLAB) this.verify(provider, connection, headers, EMPTY);
      else if (!githubSignatureWellFormed(header(headers, 'x-hub-signature-256'))) throw signatureRefused(provider);
    } catch (error) {
      this.metrics.repoDeliveriesReceived.inc({ provider, outcome: 'refused' });
      throw error;
    }
  }

  async receive(provider: RepoProvider, connectionId: string, headers: HookHeaders, rawBody: Buffer | undefined): Promise<HookAnswer> {
    try {
      const answer = await this.store(provider, connectionId, headers, rawBody);
      this.metrics.repoDeliveriesReceived.inc({ provider, outcome: outcomeOf(answer) });
      return answer;
    } catch (error) {
      // Unknown connection, bad signature, malformed body: answered 4xx (malformed ones are stored too).
      this.metrics.repoDeliveriesReceived.inc({ provider, outcome: 'refused' });
      throw error;
    }
  }

  private async store(provider: RepoProvider, connectionId: string, headers: HookHeaders, rawBody: Buffer | undefined): Promise<HookAnswer> {
    const connection = await this.connection(provider, connectionId);
    const body = rawBody ?? EMPTY;
    this.verify(provider, connection, headers, body);

    const event = header(headers, provider === RepoProvider.GITHUB ? 'x-github-event' : 'x-gitlab-event') ?? '';
    if (provider === RepoProvider.GITHUB && event === 'ping') return { status: 200, body: { ok: true } };
    if (!PROCESSED_EVENTS[provider].includes(event)) return { status: 202, body: { ignored: true } };
    const providerId = this.deliveryId(provider, headers, body);

    const organizationId = connection.organizationId;
    const base = { connectionId: connection.id, providerId, event };
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      // Stored as failed so a provider's redelivery is a duplicate rather than a retry forever.
      const failed = await this.deliveries.store(organizationId, { ...base, status: DeliveryStatus.FAILED, payload: null, reason: 'malformed JSON' });
      if (!failed) return duplicate();
      throw new BadRequestError('The body is not valid JSON');
    }
    let stored: string | null;
    try {
      const normalised = toProviderEvent(provider, event, payload);
      if (normalised.repository.toLowerCase() !== connection.fullNameKey) {
        stored = await this.deliveries.store(organizationId, {
          ...base,
          status: DeliveryStatus.IGNORED,
          payload: null,
          reason: `repository ${normalised.repository} is not ${connection.fullName}`,
        });
        return stored ? { status: 202, body: { ignored: true, reason: 'repository does not match the connection' } } : duplicate();
      }
      stored = await this.deliveries.store(organizationId, { ...base, status: DeliveryStatus.RECEIVED, payload: normalised, reason: null });
    } catch (error) {
      if (!(error instanceof Unprocessable)) throw error;
      stored = await this.deliveries.store(organizationId, { ...base, status: DeliveryStatus.IGNORED, payload: null, reason: error.reason });
      return stored ? { status: 202, body: { ignored: true, reason: error.reason } } : duplicate();
    }
    if (!stored) return duplicate();
    return { status: 202, body: { accepted: true, deliveryId: stored } };
  }

  /** Unknown, malformed, inactive, or another provider's path: 404, the same answer for each. */
  private async connection(provider: RepoProvider, id: string): Promise<ReceiverConnection> {
    const row = isUuid(id) ? await this.connections.forReceiver(id.toLowerCase()) : null;
    if (!row || !row.active || row.provider !== provider) throw new NotFoundError('Repository connection', id);
    return row;
  }

  private verify(provider: RepoProvider, connection: ReceiverConnection, headers: HookHeaders, body: Buffer): void {
    const secrets = this.connections.validSecrets(connection);
    const valid =
      provider === RepoProvider.GITHUB
        ? githubSignatureValid(body, header(headers, 'x-hub-signature-256'), secrets)
        : gitlabTokenValid(header(headers, 'x-gitlab-token'), secrets);
    if (!valid) throw signatureRefused(provider);
  }

  /** GitHub: X-GitHub-Delivery. GitLab: X-Gitlab-Event-UUID, else Idempotency-Key, else the body's hash. */
  private deliveryId(provider: RepoProvider, headers: HookHeaders, body: Buffer): string {
    if (provider === RepoProvider.GITHUB) {
      const id = header(headers, 'x-github-delivery');
      if (!id || id.length > 200) throw new BadRequestError('X-GitHub-Delivery is required', { 'X-GitHub-Delivery': ['is required'] });
      return id;
    }
    const id = header(headers, 'x-gitlab-event-uuid') || header(headers, 'idempotency-key');
    if (id && id.length <= 200) return id;
    return `sha256:${createHash('sha256').update(body).digest('hex')}`;
  }
}

const EMPTY = Buffer.alloc(0);

function signatureRefused(provider: RepoProvider): UnauthorizedError {
  return new UnauthorizedError(
    provider === RepoProvider.GITHUB ? 'X-Hub-Signature-256 is missing or does not match' : 'X-Gitlab-Token is missing or does not match',
  );
}

function outcomeOf(answer: HookAnswer): string {
  if (answer.body.accepted) return 'accepted';
  if (answer.body.duplicate) return 'duplicate';
  if (answer.body.ignored) return 'ignored';
  return 'ping';
}

function duplicate(): HookAnswer {
  return { status: 200, body: { duplicate: true } };
}
