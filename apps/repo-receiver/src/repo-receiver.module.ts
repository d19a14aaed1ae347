import { DynamicModule, Module } from '@nestjs/common';
import { ArtifactHandler } from './artifacts/artifact.handler';
import { ArtifactService } from './artifacts/artifact.service';
import { REPO_RECEIVER_OPTIONS, RepoReceiverOptions, RepoReceiverSettings, repoReceiverOptionsFrom, repoSecretBoxProvider } from './common/repo.options';
import { reposOutboxProvider } from './common/repos.outbox';
import { reposPrismaProvider } from './common/repos.prisma';
import { RepoSettingRepository } from './common/setting.repository';
import { ConnectionCache } from './connections/connection.cache';
import { ConnectionHandler } from './connections/connection.handler';
import { ConnectionRepository } from './connections/connection.repository';
import { ConnectionService } from './connections/connection.service';
import { DeliveryLogHandler } from './delivery-log/delivery-log.handler';
import { DeliveryLogService } from './delivery-log/delivery-log.service';
import { DeliveryInbox } from './hooks/delivery.inbox';
import { DeliveryRepository } from './hooks/delivery.repository';
import { HookAdmission } from './hooks/hook-admission';
import { HookController } from './hooks/hook.controller';
import { HookService } from './hooks/hook.service';
import { ArtifactRepository } from './processing/artifact.repository';
import { DeliveryHandler } from './processing/delivery.handler';
import { LinkService } from './processing/link.service';
import { WorkItemClient } from './processing/work-item.client';

/** Inbound GitHub/GitLab webhooks under /hooks, repository connections and their artifacts (the repos context). */
@Module({})
export class RepoReceiverModule {
  static forRoot(options: RepoReceiverOptions = repoReceiverOptionsFrom(new RepoReceiverSettings(), 3001)): DynamicModule {
    return {
      module: RepoReceiverModule,
      controllers: [HookController, ConnectionHandler, ArtifactHandler, DeliveryHandler, DeliveryLogHandler],
      providers: [
        { provide: REPO_RECEIVER_OPTIONS, useValue: options },
        reposPrismaProvider,
        reposOutboxProvider,
        RepoSettingRepository,
        repoSecretBoxProvider,
        ConnectionRepository,
        ConnectionCache,
        ConnectionService,
        DeliveryRepository,
        DeliveryInbox,
        HookService,
        HookAdmission,
        ArtifactRepository,
        WorkItemClient,
        LinkService,
        ArtifactService,
        DeliveryLogService,
      ],
    };
  }
}
