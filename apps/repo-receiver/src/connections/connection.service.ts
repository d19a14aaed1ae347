import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  ConflictError,
  CreateRepositoryDto,
  CreatedRepositoryResponse,
  ListRepositoriesQuery,
  Page,
  RepoProvider,
  RepositoryResponse,
  UpdateRepositoryDto,
  changesOf,
  normaliseRepoWebUrl,
  repoWebUrlProblem,
} from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
import { SecretBox, rotatedSecret } from '@pds/secrets';
import { randomBytes } from 'node:crypto';
import { REPO_RECEIVER_OPTIONS, REPO_SECRET_BOX, RepoReceiverOptions } from '../common/repo.options';
import { ReposOutbox } from '../common/repos.outbox';
import { Prisma } from '../generated/repos/client';
import { ConnectionCache } from './connection.cache';
import { normaliseAutomations, setupFor, toRepositoryResponse } from './connection.mapper';
import { ConnectionRepository, ConnectionRow } from './connection.repository';

/** 32 random bytes, base64url: what the operator pastes into the provider's form. */
export function generateReceiverSecret(): string {
  return randomBytes(32).toString('base64url');
}

function defaultWebUrl(provider: RepoProvider, fullName: string): string {
  return `${provider === RepoProvider.GITLAB ? 'https://gitlab.com' : 'https://github.com'}/${fullName}`;
}

@Injectable()
export class ConnectionService {
  constructor(
    @Inject(ConnectionRepository) private readonly connections: ConnectionRepository,
    @Inject(REPO_SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(REPO_RECEIVER_OPTIONS) private readonly options: RepoReceiverOptions,
    @Inject(ConnectionCache) private readonly cache: ConnectionCache,
    @Inject(ReposOutbox) private readonly outbox: ReposOutbox,
  ) {}

  async create(auth: AuthContext, body: CreateRepositoryDto): Promise<CreatedRepositoryResponse> {
    assertCan(auth, Permission.RepositoriesManage);
    const secret = generateReceiverSecret();
    let row: ConnectionRow;
    try {
      row = await this.outbox.transaction(async (tx, events) => {
        const created = await this.connections.create(
          auth.organizationId,
          {
            provider: body.provider,
            fullName: body.fullName,
            fullNameKey: body.fullName.toLowerCase(),
            webUrl: normaliseRepoWebUrl(body.webUrl ?? defaultWebUrl(body.provider, body.fullName)),
            defaultBranch: body.defaultBranch ?? 'main',
            automations: normaliseAutomations(body.automations),
            secretEncrypted: this.secrets.seal(secret),
          },
          tx,
        );
        events.audit(auth, { action: 'created', record: { type: 'repository', id: created.id }, changes: { fullName: { from: null, to: created.fullName } } });
        return created;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw new ConflictError(`${body.provider} repository ${body.fullName} is already connected`, { fullName: body.fullName });
      }
      throw error;
    }
    return this.withSecret(row, secret);
  }

  async list(auth: AuthContext, query: ListRepositoriesQuery): Promise<Page<RepositoryResponse>> {
    assertCan(auth, Permission.RepositoriesManage);
    return readCreationPage(query, (order, take) => this.connections.list(auth.organizationId, order, take), (row) => this.toResponse(row));
  }

  async get(auth: AuthContext, id: string): Promise<RepositoryResponse> {
    assertCan(auth, Permission.RepositoriesManage);
    return this.toResponse(await this.require(auth, id));
  }

  async update(auth: AuthContext, id: string, body: UpdateRepositoryDto): Promise<RepositoryResponse> {
    assertCan(auth, Permission.RepositoriesManage);
    const current = await this.require(auth, id);
    // The body has no provider: whether http is allowed is the connection's to say.
    const webUrlProblem = body.webUrl === undefined ? null : repoWebUrlProblem(body.webUrl, current.provider);
    if (webUrlProblem) throw new BadRequestError('Invalid body: webUrl', { webUrl: [`webUrl ${webUrlProblem}`] });
    const row = await this.outbox.transaction(async (tx, events) => {
      const updated = await this.connections.update(
        auth.organizationId,
        current.id,
        {
          // A partial automations object changes only the triggers it names.
          automations: body.automations
            ? normaliseAutomations({ ...(current.automations as object), ...stripUndefined(body.automations) })
            : undefined,
          active: body.active,
          defaultBranch: body.defaultBranch,
          webUrl: body.webUrl === undefined ? undefined : normaliseRepoWebUrl(body.webUrl),
        },
        tx,
      );
      // The row is written (updatedAt moves) even where no value differs: its entry then has no changes.
      const changes = changesOf(this.toResponse(current), this.toResponse(updated), Object.keys(stripUndefined(body)));
      events.audit(auth, { action: 'updated', record: { type: 'repository', id: updated.id }, changes });
      return updated;
    });
    this.cache.changed(row.id);
    return this.toResponse(row);
  }

  /** The receiver answers 404 from now on; artifacts already linked stay on their work items. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    assertCan(auth, Permission.RepositoriesManage);
    const current = await this.require(auth, id);
    await this.outbox.transaction(async (tx, events) => {
      await this.connections.remove(auth.organizationId, current.id, tx);
      events.audit(auth, { action: 'deleted', record: { type: 'repository', id: current.id } });
    });
    this.cache.changed(current.id);
  }

  async rotateSecret(auth: AuthContext, id: string): Promise<CreatedRepositoryResponse> {
    assertCan(auth, Permission.RepositoriesManage);
    const current = await this.require(auth, id);
    const secret = generateReceiverSecret();
    const row = await this.outbox.transaction(async (tx, events) => {
      const rotated = await this.connections.update(auth.organizationId, current.id, rotatedSecret(this.secrets, current, secret), tx);
      // That the secret changed, never the secret.
      events.audit(auth, { action: 'secret_rotated', record: { type: 'repository', id: current.id } });
      return rotated;
    });
    this.cache.changed(row.id);
    return this.withSecret(row, secret);
  }

  private toResponse(row: ConnectionRow): RepositoryResponse {
    return toRepositoryResponse(row, this.options.publicUrl);
  }

  private withSecret(row: ConnectionRow, secret: string): CreatedRepositoryResponse {
    const response = this.toResponse(row);
    return { ...response, secret, setup: setupFor(response) };
  }

  private async require(auth: AuthContext, id: string): Promise<ConnectionRow> {
    return requireByPathId('Repository', id, (uuid) => this.connections.find(auth.organizationId, uuid));
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
