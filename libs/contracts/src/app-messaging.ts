import { AUDIT_EVENT_TYPE } from './audit/audit.entry';
import { AuditSubjects } from './audit/audit.subjects';
import { EventType, InternalEventType } from './common/events';
import { ChangelogSubjects, DeliverySubjects, PortalSubjects } from './delivery/delivery.subjects';
import { GatheredSubjects } from './gathered.subjects';
import { IdentitySubjects } from './identity/identity.subjects';
import { RepoSubjects } from './repos/repo.subjects';
import { StrategyReferenceSubjects } from './strategy/strategy-reference.subjects';
import { StrategySubjects } from './strategy/strategy.subjects';
import { EventLogSubjects } from './webhooks/event-log.subjects';
import { WebhookSubjects } from './webhooks/webhook.subjects';
import { WorkItemSubjects } from './work-items/work-item.subjects';

/**
 * What one app of the distributed run sends and receives over NATS. The single source of the app's
 * NATS user permissions (`npm run nats:config`, docs/nats-authorization.md): a subject missing here
 * is refused by the server, and a unit test compares these lists with the subjects each app's code
 * names, so a new subject cannot be forgotten silently.
 */
export interface AppMessaging {
  /** Request subjects the app answers (a queue group per subject; per subject and app for a gathered one). */
  serves: readonly string[];
  /** Request subjects the app calls. */
  requests: readonly string[];
  /** Broadcast subjects the app sends (`bus.broadcast`). */
  broadcasts: readonly string[];
  /** Broadcast subjects every replica of the app hears (`@EventPattern(…, BROADCAST)`). */
  hears: readonly string[];
  /** Event types its outbox relay publishes to the EVENTS stream. */
  publishesEvents: readonly string[];
  /** Durable consumers of the EVENTS stream it reads (their names). */
  consumers: readonly string[];
}

const all = (subjects: Readonly<Record<string, string>>): string[] => Object.values(subjects);

/** Internal event of the repos context: a stored provider delivery waits to be processed. */
export const REPO_DELIVERY_RECEIVED_EVENT = 'repos.delivery_received';

const RATE_LIMIT_SYNC = [IdentitySubjects.rateLimitSync];

/** Reads only the MCP packet and refs make (batched or by uuid alone); the REST edge never sends them. */
const MCP_ONLY: readonly string[] = [
  StrategySubjects.insightEvidence,
  StrategySubjects.discoveryGraph,
  DeliverySubjects.discoveryWorkItems,
  RepoSubjects.artifactsByWorkItems,
];

export const APP_MESSAGING = Object.freeze({
  'api-gateway': {
    serves: [IdentitySubjects.verifyApiKey, IdentitySubjects.me, IdentitySubjects.findUsers, IdentitySubjects.autoArchiveSettings],
    requests: [
      ...all(WorkItemSubjects).filter((subject) => subject !== WorkItemSubjects.resolveKeys),
      ...all(DeliverySubjects).filter((subject) => !MCP_ONLY.includes(subject)),
      ...all(ChangelogSubjects),
      ...all(PortalSubjects),
      ...all(StrategySubjects).filter(
        (subject) => !MCP_ONLY.includes(subject),
      ),
      ...all(RepoSubjects).filter((subject) => subject !== RepoSubjects.connectionChanged && !MCP_ONLY.includes(subject)),
      ...all(WebhookSubjects),
      EventLogSubjects.list,
      GatheredSubjects.trashList,
      GatheredSubjects.trashRestore,
      ...all(AuditSubjects),
    ],
    broadcasts: [IdentitySubjects.apiKeyRevoked, IdentitySubjects.portalChanged, ...RATE_LIMIT_SYNC],
    hears: [IdentitySubjects.apiKeyRevoked, IdentitySubjects.portalChanged, ...RATE_LIMIT_SYNC],
    // Identity's outbox carries only the audit entries of its changes.
    publishesEvents: [AUDIT_EVENT_TYPE],
    consumers: [],
  },
  'mcp-server': {
    serves: [],
    requests: [
      IdentitySubjects.verifyApiKey,
      IdentitySubjects.me,
      WorkItemSubjects.create,
      WorkItemSubjects.get,
      WorkItemSubjects.list,
      WorkItemSubjects.search,
      WorkItemSubjects.update,
      GatheredSubjects.locateRecord,
      DeliverySubjects.discoveryWorkItems,
      DeliverySubjects.relationList,
      DeliverySubjects.relationAdd,
      DeliverySubjects.relationRemove,
      DeliverySubjects.commentList,
      DeliverySubjects.commentCreate,
      DeliverySubjects.sprintGet,
      DeliverySubjects.sprintList,
      DeliverySubjects.intakeGet,
      DeliverySubjects.intakeList,
      StrategySubjects.annualGoalGet,
      StrategySubjects.annualGoalList,
      StrategySubjects.productGoalGet,
      StrategySubjects.productGoalList,
      StrategySubjects.ckrGet,
      StrategySubjects.ckrList,
      StrategySubjects.opportunityCreate,
      StrategySubjects.opportunityGet,
      StrategySubjects.opportunityList,
      StrategySubjects.opportunityUpdate,
      StrategySubjects.solutionCreate,
      StrategySubjects.solutionGet,
      StrategySubjects.solutionList,
      StrategySubjects.solutionUpdate,
      StrategySubjects.experimentCreate,
      StrategySubjects.experimentGet,
      StrategySubjects.experimentList,
      StrategySubjects.experimentUpdate,
      StrategySubjects.interviewCreate,
      StrategySubjects.interviewGet,
      StrategySubjects.interviewList,
      StrategySubjects.interviewUpdate,
      StrategySubjects.insightCreate,
      StrategySubjects.insightGet,
      StrategySubjects.insightList,
      StrategySubjects.insightUpdate,
      StrategySubjects.insightEvidence,
      StrategySubjects.search,
      StrategySubjects.discoveryGraph,
      RepoSubjects.artifactsByWorkItems,
    ],
    broadcasts: [...RATE_LIMIT_SYNC],
    hears: [IdentitySubjects.apiKeyRevoked, ...RATE_LIMIT_SYNC],
    publishesEvents: [],
    consumers: [],
  },
  'repo-receiver': {
    serves: all(RepoSubjects).filter((subject) => subject !== RepoSubjects.connectionChanged),
    requests: [WorkItemSubjects.get, WorkItemSubjects.resolveKeys, WorkItemSubjects.update],
    // A changed connection leaves every replica's cache of it.
    broadcasts: [RepoSubjects.connectionChanged],
    hears: [RepoSubjects.connectionChanged],
    publishesEvents: [REPO_DELIVERY_RECEIVED_EVENT, AUDIT_EVENT_TYPE],
    consumers: ['repo-receiver'],
  },
  'strategy-discovery': {
    serves: [...all(StrategySubjects), ...all(StrategyReferenceSubjects), GatheredSubjects.locateRecord, GatheredSubjects.trashList, GatheredSubjects.trashRestore],
    requests: [IdentitySubjects.findUsers],
    broadcasts: [],
    hears: [],
    publishesEvents: [
      EventType.CkrCreated,
      EventType.CkrUpdated,
      EventType.OpportunityCreated,
      EventType.ExperimentConcluded,
      EventType.RecordDeleted,
      EventType.RecordRestored,
      ...Object.values(InternalEventType),
      AUDIT_EVENT_TYPE,
    ],
    consumers: [],
  },
  'delivery-intake': {
    serves: [...all(WorkItemSubjects), ...all(DeliverySubjects), ...all(ChangelogSubjects), ...all(PortalSubjects), GatheredSubjects.locateRecord, GatheredSubjects.trashList, GatheredSubjects.trashRestore],
    requests: [IdentitySubjects.findUsers, IdentitySubjects.autoArchiveSettings, StrategyReferenceSubjects.resolve, StrategySubjects.opportunityCreate, EventLogSubjects.erase],
    broadcasts: [],
    hears: [],
    publishesEvents: [
      EventType.WorkItemCreated,
      EventType.WorkItemUpdated,
      EventType.WorkItemStatusChanged,
      EventType.IntakeCreated,
      EventType.ChangelogPublished,
      EventType.RecordDeleted,
      EventType.RecordRestored,
      AUDIT_EVENT_TYPE,
    ],
    consumers: ['delivery-intake'],
  },
  'webhook-dispatcher': {
    serves: [...all(WebhookSubjects), ...all(EventLogSubjects), ...all(AuditSubjects)],
    requests: [],
    broadcasts: [],
    hears: [],
    publishesEvents: [],
    consumers: ['webhook-dispatcher', 'audit-log'],
  },
} satisfies Record<string, AppMessaging>);

export type DistributedAppName = keyof typeof APP_MESSAGING;
