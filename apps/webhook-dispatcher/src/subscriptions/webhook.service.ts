import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  API_VERSION,
  AuthContext,
  BadRequestError,
  CreateWebhookDto,
  CreatedWebhookResponse,
  ListWebhooksQuery,
  Page,
  PING_EVENT,
  UpdateWebhookDto,
  WebhookDeliveryResponse,
  WebhookResponse,
  changesOf,
} from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
import { SecretBox, rotatedSecret } from '@pds/secrets';
import { randomUUID } from 'node:crypto';
import { AuditLogService } from '../audit/audit-log.service';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { DueDeliveries } from '../deliveries/due-deliveries';
import { toDeliveryResponse } from '../deliveries/webhook-delivery.mapper';
import { WebhookDeliveryRepository } from '../deliveries/webhook-delivery.repository';
import { WebhookSubscription } from '../generated/webhooks/client';
import { generateSigningSecret } from '../security/signing-secret';
import { targetProblem } from '../security/target-guard';
import { toWebhookResponse } from './webhook.mapper';
import { WebhookRepository } from './webhook.repository';

@Injectable()
export class WebhookService {
  constructor(
    @Inject(WebhookRepository) private readonly subscriptions: WebhookRepository,
    @Inject(WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(DueDeliveries) private readonly due: DueDeliveries,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
    @Inject(AuditLogService) private readonly auditLog: AuditLogService,
  ) {}

  async list(auth: AuthContext, query: ListWebhooksQuery): Promise<Page<WebhookResponse>> {
    assertCan(auth, Permission.WebhooksManage);
    return readCreationPage(query, (order, take) => this.subscriptions.list(auth.organizationId, order, take), toWebhookResponse);
  }

  async create(auth: AuthContext, body: CreateWebhookDto): Promise<CreatedWebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    await this.assertPublicTarget(body.url);
    const secret = generateSigningSecret();
    // The audit log lives in this schema: the entry is written in the change's own transaction.
    const row = await this.subscriptions.transaction(async (tx, sql) => {
      const created = await this.subscriptions.create(
        auth.organizationId,
        { url: body.url, description: body.description ?? null, events: body.events, secretEncrypted: this.secrets.seal(secret) },
        tx,
      );
      await this.auditLog.recordIn(sql, auth, { action: 'created', record: { type: 'webhook', id: created.id }, changes: { url: { from: null, to: created.url } } });
      return created;
    });
    return { ...toWebhookResponse(row), secret };
  }

  async update(auth: AuthContext, id: string, body: UpdateWebhookDto): Promise<WebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    if (body.url !== undefined) await this.assertPublicTarget(body.url);
    const enabling = body.active === true && !current.active;
    const row = await this.subscriptions.transaction(async (tx, sql) => {
      const updated = await this.subscriptions.update(
        auth.organizationId,
        current.id,
        {
          url: body.url,
          events: body.events,
          description: body.description,
          active: body.active,
          // Re-enabling by hand clears why the dispatcher disabled it and starts a fresh failure window.
          ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        },
        tx,
      );
      const changes = changesOf(toWebhookResponse(current), toWebhookResponse(updated), Object.keys(body));
      if (changes) await this.auditLog.recordIn(sql, auth, { action: 'updated', record: { type: 'webhook', id: current.id }, changes });
      return updated;
    });
    return toWebhookResponse(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    await this.subscriptions.transaction(async (_tx, sql) => {
      await this.subscriptions.remove(auth.organizationId, current.id, sql);
      await this.auditLog.recordIn(sql, auth, { action: 'deleted', record: { type: 'webhook', id: current.id } });
    });
  }

  async rotateSecret(auth: AuthContext, id: string): Promise<CreatedWebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    const secret = generateSigningSecret();
    const row = await this.subscriptions.transaction(async (tx, sql) => {
      const rotated = await this.subscriptions.update(auth.organizationId, current.id, rotatedSecret(this.secrets, current, secret), tx);
      // That the secret changed, never the secret.
      await this.auditLog.recordIn(sql, auth, { action: 'secret_rotated', record: { type: 'webhook', id: current.id } });
      return rotated;
    });
    return { ...toWebhookResponse(row), secret };
  }

  /** A real delivery of `{ event: "ping", data: { webhookId } }`, attempted at once. */
  async test(auth: AuthContext, id: string): Promise<WebhookDeliveryResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    const eventId = randomUUID();
    const body = JSON.stringify({
      id: eventId,
      event: PING_EVENT,
      apiVersion: API_VERSION,
      createdAt: new Date().toISOString(),
      organizationId: auth.organizationId,
      data: { webhookId: current.id },
    });
    const row = await this.deliveries.queue(auth.organizationId, current.id, { id: eventId, type: PING_EVENT, body });
    this.due.notify();
    return toDeliveryResponse(row);
  }

  private async require(auth: AuthContext, id: string): Promise<WebhookSubscription> {
    return requireByPathId('Webhook', id, (uuid) => this.subscriptions.find(auth.organizationId, uuid));
  }

  private async assertPublicTarget(url: string): Promise<void> {
    if (this.options.allowPrivateTargets) return;
    const problem = await targetProblem(url);
    if (problem) throw new BadRequestError(`url is not allowed: ${problem}`, { url: [problem] });
  }
}
