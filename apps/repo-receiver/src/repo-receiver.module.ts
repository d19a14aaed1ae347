import { DynamicModule, Module } from '@nestjs/common';
import { ArtifactHandler } from './artifacts/artifact.handler';
import { ArtifactRepository } from './artifacts/artifact.repository';
import { ArtifactService } from './artifacts/artifact.service';
import { REPO_RECEIVER_OPTIONS, RepoReceiverOptions, RepoReceiverSettings, repoReceiverOptionsFrom, repoSecretBoxProvider } from './common/repo.options';
import { reposOutboxProviders } from './common/repos.outbox';
import { reposPrismaProvider } from './common/repos.prisma';
import { ConnectionCache } from './connections/connection.cache';
import { ConnectionCacheHandler } from './connections/connection-cache.handler';
import { ConnectionHandler } from './connections/connection.handler';
import { ConnectionRepository } from './connections/connection.repository';
import { ConnectionService } from './connections/connection.service';
import { DeliveryLogHandler } from './delivery-log/delivery-log.handler';
import { DeliveryLogService } from './delivery-log/delivery-log.service';
import { DeliveryInbox } from './inbox/delivery.inbox';
import { HookAdmission } from './inbox/hook-admission';
import { HookController } from './inbox/hook.controller';
import { HookService } from './inbox/hook.service';
import { ReceivedDeliveryRepository } from './inbox/received-delivery.repository';
import { WorkItemClient } from './links/work-item.client';
import { ArtifactBatchRepository } from './processing/artifact-batch.repository';
import { DeliveryHandler } from './processing/delivery.handler';
import { LinkService } from './processing/link.service';

/** Inbound GitHub/GitLab webhooks under /hooks, repository connections and their artifacts (the repos context). */
@Module({})
export class RepoReceiverModule {
  static forRoot(options: RepoReceiverOptions = repoReceiverOptionsFrom(new RepoReceiverSettings(), 3001)): DynamicModule {
    return {
      module: RepoReceiverModule,
      controllers: [HookController, ConnectionHandler, ConnectionCacheHandler, ArtifactHandler, DeliveryHandler, DeliveryLogHandler],
      providers: [
        { provide: REPO_RECEIVER_OPTIONS, useValue: options },
        reposPrismaProvider,
        ...reposOutboxProviders,
        repoSecretBoxProvider,
        ConnectionRepository,
        ConnectionCache,
        ConnectionService,
        ReceivedDeliveryRepository,
        DeliveryInbox,
        HookService,
        HookAdmission,
        ArtifactRepository,
        ArtifactBatchRepository,
        WorkItemClient,
        LinkService,
        ArtifactService,
        DeliveryLogService,
      ],
    };
  }
}
