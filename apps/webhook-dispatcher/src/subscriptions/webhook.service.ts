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
  NotFoundError,
  PING_EVENT,
  UpdateWebhookDto,
  WebhookDeliveryResponse,
  WebhookResponse,
  isUuid,
} from '@pds/contracts';
import { DATABASE, Database, keysetAfter, pageRequest, toPage } from '@pds/persistence';
import { randomUUID } from 'node:crypto';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { DELIVERY_COLUMNS, DeliveryRow, toDeliveryResponse, toWebhookResponse } from '../common/webhook.mapper';
import { DeliveryWorker } from '../delivery/delivery.worker';
import { PrismaClient } from '../generated/webhooks/client';
import { SecretBox } from '@pds/secrets';
import { generateSigningSecret } from '../security/signing-secret';
import { targetProblem } from '../security/target-guard';

/** How long the secret before a rotation keeps signing. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

@Injectable()
export class WebhookService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
  ) {}

  async list(auth: AuthContext, query: ListWebhooksQuery): Promise<Page<WebhookResponse>> {
    assertCan(auth, Permission.WebhooksManage);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.webhookSubscription.findMany({
      where: { organizationId: auth.organizationId, ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toWebhookResponse);
  }

  async create(auth: AuthContext, body: CreateWebhookDto): Promise<CreatedWebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    await this.assertPublicTarget(body.url);
    const secret = generateSigningSecret();
    const row = await this.prisma.webhookSubscription.create({
      data: {
        organizationId: auth.organizationId,
        url: body.url,
        description: body.description ?? null,
        events: body.events,
        secretEncrypted: this.secrets.seal(secret),
      },
    });
    return { ...toWebhookResponse(row), secret };
  }

  async update(auth: AuthContext, id: string, body: UpdateWebhookDto): Promise<WebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    if (body.url !== undefined) await this.assertPublicTarget(body.url);
    const enabling = body.active === true && !current.active;
    const row = await this.prisma.webhookSubscription.update({
      where: { id: current.id },
      data: {
        url: body.url,
        events: body.events,
        description: body.description,
        active: body.active,
        // Re-enabling by hand clears why the dispatcher disabled it and starts a fresh failure window.
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
      },
    });
    return toWebhookResponse(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    await this.prisma.webhookSubscription.delete({ where: { id: current.id } });
  }

  async rotateSecret(auth: AuthContext, id: string): Promise<CreatedWebhookResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const current = await this.require(auth, id);
    const secret = generateSigningSecret();
    const row = await this.prisma.webhookSubscription.update({
      where: { id: current.id },
      data: {
        secretEncrypted: this.secrets.seal(secret),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
      },
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
    const [row] = await this.db.sql.query<DeliveryRow>(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, body, next_attempt_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now()) RETURNING ${DELIVERY_COLUMNS}`,
      [auth.organizationId, current.id, eventId, PING_EVENT, body],
    );
    this.worker.notify();
    return toDeliveryResponse(row);
  }

  private async require(auth: AuthContext, id: string) {
    const row = isUuid(id)
      ? await this.prisma.webhookSubscription.findFirst({ where: { id, organizationId: auth.organizationId } })
      : null;
    if (!row) throw new NotFoundError('Webhook', id);
    return row;
  }

  private async assertPublicTarget(url: string): Promise<void> {
    if (this.options.allowPrivateTargets) return;
    const problem = await targetProblem(url);
    if (problem) throw new BadRequestError(`url is not allowed: ${problem}`, { url: [problem] });
  }
}
