import { AUTOMATION_TRIGGERS, RepoAutomations, RepoProvider, RepositoryResponse, RepositorySetup, WorkItemStatus } from '@pds/contracts';
import type { ConnectionRow } from './connection.repository';

/** Every trigger present, null when off. */
export function normaliseAutomations(input: object | null | undefined): RepoAutomations {
  const given = (input ?? {}) as Partial<Record<string, WorkItemStatus | null>>;
  const out = {} as RepoAutomations;
  for (const trigger of AUTOMATION_TRIGGERS) out[trigger] = given[trigger] ?? null;
  return out;
}

export function hookPath(provider: string, id: string): string {
  return `/hooks/${provider === RepoProvider.GITLAB ? 'gitlab' : 'github'}/${id}`;
}

export function toRepositoryResponse(row: ConnectionRow, publicUrl: string): RepositoryResponse {
  return {
    id: row.id,
    provider: row.provider as RepoProvider,
    fullName: row.fullName,
    webUrl: row.webUrl,
    defaultBranch: row.defaultBranch,
    webhookUrl: `${publicUrl}${hookPath(row.provider, row.id)}`,
    automations: normaliseAutomations(row.automations as object),
    active: row.active,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The provider's own form, field by field, so an operator can connect without the docs. */
export function setupFor(repository: RepositoryResponse): RepositorySetup {
  if (repository.provider === RepoProvider.GITLAB) {
    return {
      provider: repository.provider,
      settingsUrl: `${repository.webUrl}/-/hooks`,
      payloadUrl: repository.webhookUrl,
      events: ['Push events', 'Merge request events'],
      steps: [
        `Open ${repository.webUrl}/-/hooks (Settings → Webhooks) and choose "Add new webhook".`,
        `URL: ${repository.webhookUrl}`,
        'Secret token: the "secret" of this answer (it is shown only now).',
        'Trigger: tick "Push events" (all branches) and "Merge request events"; leave the others off.',
        'Keep "Enable SSL verification" on, then choose "Add webhook".',
      ],
    };
  }
  return {
    provider: repository.provider,
    settingsUrl: `${repository.webUrl}/settings/hooks/new`,
    payloadUrl: repository.webhookUrl,
    contentType: 'application/json',
    events: ['Pushes', 'Pull requests'],
    steps: [
      `Open ${repository.webUrl}/settings/hooks/new (Settings → Webhooks → Add webhook).`,
      `Payload URL: ${repository.webhookUrl}`,
      'Content type: application/json',
      'Secret: the "secret" of this answer (it is shown only now).',
      'Which events: "Let me select individual events", tick "Pushes" and "Pull requests", untick the rest.',
      'Keep "Active" ticked and choose "Add webhook"; GitHub sends a ping, which this receiver answers with 200.',
    ],
  };
}
